import type { Submission } from '@app/contract/submissions';
import type { AnswerEntry } from '@app/contract/workspace';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { notifyApiError } from '../../lib/api-errors.ts';
import { notify } from '../../lib/notifications.ts';
import { useSubmitAnswers } from './api/submit-answers.ts';
import { refusalText } from './refusal-text.ts';

export interface HandInOptions {
  documentId: number;
  /** The answers to hand in, read when the hand-in is sent. */
  answers: () => AnswerEntry[];
  /** The time of a timed document has run out (the countdown reached zero). */
  outOfTime: boolean;
  /** The document is timed and may still be handed in: it is handed in by itself when the time runs out. */
  autoSubmit: boolean;
  /** After the server took the hand-in (`auto` when the clock sent it). */
  onSubmitted?: (submission: Submission, auto: boolean) => void;
  /** Says itself that the time ran out: then a hand-in the clock sent has no "handed in" message. */
  announcesTimeUp?: boolean;
}

/**
 * Hand-in for an exercise workspace (analysis and part writing alike): sends the answers, says it
 * was handed in or why the server refused (409 with its reason), keeps the "are you sure" dialog's
 * state, and hands in by itself once when a timed document's time runs out.
 */
export function useHandIn({ documentId, answers, outOfTime, autoSubmit, onSubmitted, announcesTimeUp = false }: HandInOptions) {
  const { t } = useTranslation();
  const submit = useSubmitAnswers();
  const [confirming, setConfirming] = useState(false);
  const autoSubmitted = useRef(false);

  const handIn = (auto = false) => {
    setConfirming(false);
    submit.mutate(
      { documentId, answers: answers() },
      {
        onSuccess: (submission) => {
          onSubmitted?.(submission, auto);
          if (!auto || !announcesTimeUp) notify({ severity: 'success', message: t('workspace.submit.done') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            const message = error.errors.find((e) => 'message' in e);
            notify({ severity: 'error', message: message && 'message' in message ? refusalText(message.message) : error.message });
          } else {
            notifyApiError(error);
          }
        },
      },
    );
  };

  // A timed document hands in what is there when its time runs out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once, when the clock reaches zero
  useEffect(() => {
    if (outOfTime && autoSubmit && !autoSubmitted.current) {
      autoSubmitted.current = true;
      handIn(true);
    }
  }, [outOfTime]);

  return { handIn, confirming, setConfirming, pending: submit.isPending };
}
