import { RULE_IDS, type RuleId } from '@app/contract/part-writing/rules';
import { useTranslation } from 'react-i18next';
import styles from './part-writing-rule-settings.module.css';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

export type RuleSettings = Record<RuleId, { on: boolean; points: number }>;
export type PartWritingStyle = 'free' | 'strict';

/** The exercise's points as typed: a number from 0 to 10000. */
export function exercisePointsBad(points: string): boolean {
  const value = Number(points);
  return points.trim() === '' || !Number.isFinite(value) || value < 0 || value > 10_000;
}

export interface PartWritingRuleSettingsProps {
  rules: RuleSettings;
  style: PartWritingStyle;
  /** The exercise's points as typed. */
  points: string;
  onRules: (rules: RuleSettings) => void;
  onStyle: (style: PartWritingStyle) => void;
  onPoints: (points: string) => void;
}

/**
 * A part-writing exercise's rule settings (issue 27): its points, its style (strict turns the
 * seventh's preparation on, free off) and each rule on or off with the points an error costs.
 * Create Exercise starts from the defaults; the set editor changes a saved document's.
 */
export function PartWritingRuleSettings({ rules, style, points, onRules, onStyle, onPoints }: PartWritingRuleSettingsProps) {
  const { t } = useTranslation();
  const setRule = (rule: RuleId, patch: Partial<{ on: boolean; points: number }>) =>
    onRules({ ...rules, [rule]: { ...rules[rule], ...patch } });

  return (
    <div className={styles.settings}>
      <div className={styles.row}>
        <TextField
          label={t('partWriting.authoring.points')}
          type="number"
          min={0}
          max={10000}
          value={points}
          error={exercisePointsBad(points) ? t('partWriting.authoring.pointsBad') : undefined}
          onChange={(e) => onPoints(e.target.value)}
        />
        <SelectField
          label={t('partWriting.authoring.style')}
          options={[
            { value: 'free', label: t('partWriting.authoring.free') },
            { value: 'strict', label: t('partWriting.authoring.strict') },
          ]}
          value={style}
          onChange={(e) => {
            const next = e.target.value === 'strict' ? 'strict' : 'free';
            onStyle(next);
            setRule('seventh-preparation', { on: next === 'strict' });
          }}
        />
      </div>
      <table className={styles.rules}>
        <caption>{t('partWriting.authoring.rules')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('partWriting.authoring.rule')}</th>
            <th scope="col">{t('partWriting.authoring.on')}</th>
            <th scope="col">{t('partWriting.authoring.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {RULE_IDS.map((rule) => (
            <tr key={rule}>
              <th scope="row">{t(`partWriting.rules.${rule}`)}</th>
              <td>
                <input
                  type="checkbox"
                  checked={rules[rule].on}
                  aria-label={t('partWriting.authoring.ruleOn', { rule: t(`partWriting.rules.${rule}`) })}
                  onChange={(e) => setRule(rule, { on: e.target.checked })}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={1000}
                  className={styles.cost}
                  value={rules[rule].points}
                  disabled={!rules[rule].on}
                  aria-label={t('partWriting.authoring.ruleCost', { rule: t(`partWriting.rules.${rule}`) })}
                  onChange={(e) => setRule(rule, { points: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
