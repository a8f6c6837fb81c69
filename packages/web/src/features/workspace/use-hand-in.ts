import type { Submission } from '@app/contract/submissions';
import type { AnswerEntry, Draft } from '@app/contract/workspace';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { notifyApiError } from '../../lib/api-errors.ts';
import { notify } from '../../lib/notifications.ts';
import { currentDraft, isDraftChanged } from './api/save-draft.ts';
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
  /**
   * The draft revision the answers started from, and the merge with a newer server draft (the
   * autosave's `rebase`), answering the answers to hand in then (decision 046). Without them the
   * answers are handed in as they are.
   */
  base?: () => number;
  rebase?: (draft: Draft) => AnswerEntry[];
}

/** A hand-in refused because another copy saved meanwhile is merged and sent again, at most this often. */
const MERGE_ATTEMPTS = 3;

/**
 * Hand-in for an exercise workspace (analysis and part writing alike): sends the answers, says it
 * was handed in or why the server refused (409 with its reason), keeps the "are you sure" dialog's
 * state, and hands in by itself once when a timed document's time runs out.
 */
export function useHandIn({
  documentId,
  answers,
  outOfTime,
  autoSubmit,
  onSubmitted,
  announcesTimeUp = false,
  base,
  rebase,
}: HandInOptions) {
  const { t } = useTranslation();
  const submit = useSubmitAnswers();
  const [confirming, setConfirming] = useState(false);
  const autoSubmitted = useRef(false);

  const send = async (auto: boolean) => {
    let entries = answers();
    let from = base?.();
    for (let attempt = 1; ; attempt++) {
      try {
        const submission = await submit.mutateAsync({ documentId, answers: entries, base: from });
        onSubmitted?.(submission, auto);
        if (!auto || !announcesTimeUp) notify({ severity: 'success', message: t('workspace.submit.done') });
        return;
      } catch (error) {
        // Another copy saved answers since this one's base: take them in, show them, and hand in the merge.
        if (rebase && isDraftChanged(error) && attempt < MERGE_ATTEMPTS) {
          try {
            const draft = await currentDraft(documentId);
            entries = rebase(draft);
            from = draft.revision;
            notify({ severity: 'success', message: t('workspace.save.merged') });
            continue;
          } catch (readError) {
            notifyApiError(readError);
            return;
          }
        }
        if (error instanceof ApiError && error.status === 409) {
          const message = error.errors.find((e) => 'message' in e);
          notify({ severity: 'error', message: message && 'message' in message ? refusalText(message.message) : error.message });
        } else {
          notifyApiError(error);
        }
        return;
      }
    }
  };

  const handIn = (auto = false) => {
    setConfirming(false);
    void send(auto);
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
