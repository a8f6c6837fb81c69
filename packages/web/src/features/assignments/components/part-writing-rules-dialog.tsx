import type { PartWritingRulesKey } from '@app/contract/answer-keys';
import type { CourseDocument } from '@app/contract/assignments';
import { parseKey } from '@app/contract/keyed-label';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import {
  exercisePointsBad,
  PartWritingRuleSettings,
  type PartWritingStyle,
  type RuleSettings,
} from '../../../components/ui/part-writing-rule-settings.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { apiErrorMessages } from '../../../lib/api-errors.ts';
import { keyName } from '../../../lib/keys.ts';
import { notify } from '../../../lib/notifications.ts';
import { useUpdatePartWritingRules } from '../api/update-part-writing-rules.ts';
import styles from './edit-key-dialog.module.css';
import { RegradeSection } from './regrade-section.tsx';

export interface PartWritingRulesDialogProps {
  document: CourseDocument;
  /** The settings as stored now (GET …/key of a part-writing document). */
  stored: PartWritingRulesKey;
  onClose: () => void;
  timeZone: string;
}

/**
 * 'Edit Answers' of a part-writing document (issue 27): it has no answers to key, so the rule
 * settings instead — each rule on or off and what an error costs, the style and the points, as in
 * Create Exercise — and the exercise's key (issue 35: a chorale's key, a typed exercise's opening
 * key), in which its numerals and figures are read. Saving makes a new version without touching
 * grades given; Regrade below grades the hand-ins by it.
 */
export function PartWritingRulesDialog({ document: doc, stored, onClose, timeZone }: PartWritingRulesDialogProps) {
  const { t } = useTranslation();
  const save = useUpdatePartWritingRules();
  const [rules, setRules] = useState<RuleSettings>(stored.rules as RuleSettings);
  const [style, setStyle] = useState<PartWritingStyle>(stored.style);
  const [points, setPoints] = useState(String(stored.points));
  const [key, setKey] = useState(stored.key);

  // The fields follow the settings as stored (on opening, and after a save makes the next version).
  useEffect(() => {
    setRules(stored.rules as RuleSettings);
    setStyle(stored.style);
    setPoints(String(stored.points));
    setKey(stored.key);
  }, [stored]);

  const keyChanged = key.trim() !== stored.key;
  const keyBad = parseKey(key) === undefined;
  const changed =
    keyChanged ||
    style !== stored.style ||
    points.trim() !== String(stored.points) ||
    JSON.stringify(rules) !== JSON.stringify(stored.rules);
  const pointsBad = exercisePointsBad(points);
  const parsedKey = parseKey(key);

  // Changed settings not yet saved: Close, Escape, × and leaving the page ask first.
  const { confirmLeave, guard } = useUnsavedChanges(changed);
  const close = () => confirmLeave(onClose);

  const onSave = () => {
    if (pointsBad || keyBad) return;
    save.mutate(
      { documentId: doc.id, body: { ...(keyChanged ? { key: key.trim() } : {}), style, points: Number(points), rules } },
      { onSuccess: (state) => notify({ severity: 'success', message: t('answerKeys.rules.saved', { version: state.key_version }) }) },
    );
  };

  return (
    <>
      {guard}
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) close();
        }}
        size="lg"
        title={t('answerKeys.rules.title', { title: doc.title })}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('common.close')}
            </Button>
            <Button onClick={onSave} loading={save.isPending} disabled={!changed || pointsBad || keyBad}>
              {t('answerKeys.rules.save')}
            </Button>
          </>
        }
      >
        <div className={styles.editor}>
          <p className={styles.version}>{t('answerKeys.rules.version', { version: stored.version })}</p>
          <Notice severity="info">{t('answerKeys.rules.versionNote')}</Notice>
          {save.error ? (
            <Notice severity="error">
              {apiErrorMessages(save.error).map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          ) : null}
          <TextField
            label={t('keys.opening')}
            value={key}
            maxLength={3}
            autoComplete="off"
            spellCheck={false}
            hint={parsedKey ? `${keyName(parsedKey, t)}. ${t('answerKeys.rules.keyNote')}` : t('answerKeys.rules.keyNote')}
            error={keyBad ? t('keys.notAKey') : undefined}
            onChange={(event) => setKey(event.target.value)}
          />
          <PartWritingRuleSettings rules={rules} style={style} points={points} onRules={setRules} onStyle={setStyle} onPoints={setPoints} />
          <RegradeSection documentId={doc.id} timeZone={timeZone} wording="rules" />
        </div>
      </Modal>
    </>
  );
}
