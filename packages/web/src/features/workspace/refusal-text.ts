import { SubmissionMessages } from '@app/contract/submissions';
import { i18n, translateMessage } from '../../i18n/index.ts';

/** The server's sentences for a refused hand-in, mapped to this screen's translations. */
const REFUSALS: Partial<Record<string, 'pastDue' | 'alreadySubmitted' | 'notGradable' | 'timeUp' | 'downloadFirst'>> = {
  [SubmissionMessages.pastDue]: 'pastDue',
  [SubmissionMessages.alreadySubmitted]: 'alreadySubmitted',
  [SubmissionMessages.notGradable]: 'notGradable',
  [SubmissionMessages.timeUp]: 'timeUp',
  [SubmissionMessages.downloadFirst]: 'downloadFirst',
};

/** Why the document takes no work now, in the UI language (the server's sentence when we have no translation). */
export function refusalText(message: string): string {
  const key = REFUSALS[message];
  return key ? i18n.t(`workspace.refusal.${key}`) : translateMessage(message);
}
