import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, ButtonLink, type ButtonSize, type ButtonVariant } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notifications.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './page.module.css';

const VARIANT_LABEL = {
  primary: 'dev.primary',
  secondary: 'dev.secondary',
  outline: 'dev.outline',
  danger: 'dev.danger',
  ghost: 'dev.ghost',
} as const satisfies Record<ButtonVariant, string>;

const SIZE_LABEL = { sm: 'dev.small', md: 'dev.medium', lg: 'dev.large' } as const satisfies Record<ButtonSize, string>;

/** /dev: every shared component variant on one page (spec §2). */
export function DevPlaygroundPage() {
  const { t } = useTranslation();
  usePageTitle(t('dev.title'));
  const [modalOpen, setModalOpen] = useState(false);

  return (
    <div>
      <h1>{t('dev.title')}</h1>
      <p>{t('dev.intro')}</p>

      <section className={styles.section} aria-labelledby="dev-buttons">
        <h2 id="dev-buttons">{t('dev.buttons')}</h2>
        <h3>{t('dev.variants')}</h3>
        <div className={styles.row}>
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {t(VARIANT_LABEL[variant])}
            </Button>
          ))}
        </div>
        <h3>{t('dev.sizes')}</h3>
        {BUTTON_VARIANTS.map((variant) => (
          <div key={variant} className={styles.row}>
            {BUTTON_SIZES.map((size) => (
              <Button key={size} variant={variant} size={size}>
                {`${t(VARIANT_LABEL[variant])} · ${t(SIZE_LABEL[size])}`}
              </Button>
            ))}
          </div>
        ))}
        <h3>{t('dev.states')}</h3>
        {BUTTON_VARIANTS.map((variant) => (
          <div key={variant} className={styles.row}>
            <Button variant={variant} disabled>
              {`${t(VARIANT_LABEL[variant])} · ${t('dev.disabled')}`}
            </Button>
            <Button variant={variant} loading>
              {`${t(VARIANT_LABEL[variant])} · ${t('dev.loading')}`}
            </Button>
          </div>
        ))}
        <div className={styles.row}>
          <ButtonLink to="/dev" variant="outline">
            {t('dev.linkButton')}
          </ButtonLink>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="dev-notifications">
        <h2 id="dev-notifications">{t('dev.notifications')}</h2>
        <div className={styles.row}>
          <Button variant="outline" onClick={() => notify({ severity: 'success', message: t('dev.sampleSuccess') })}>
            {t('dev.showSuccess')}
          </Button>
          <Button variant="outline" onClick={() => notify({ severity: 'error', message: t('dev.sampleError') })}>
            {t('dev.showError')}
          </Button>
          <Button variant="outline" onClick={() => notify({ severity: 'warning', message: t('dev.sampleWarning') })}>
            {t('dev.showWarning')}
          </Button>
          <Button variant="outline" onClick={() => notify({ severity: 'info', message: t('dev.sampleInfo') })}>
            {t('dev.showInfo')}
          </Button>
          <Button variant="outline" onClick={() => notify({ severity: 'info', message: t('dev.sampleSticky'), timeout: -1 })}>
            {t('dev.showSticky')}
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="dev-modal">
        <h2 id="dev-modal">{t('dev.modal')}</h2>
        <Button onClick={() => setModalOpen(true)}>{t('dev.openModal')}</Button>
        <Modal
          open={modalOpen}
          onOpenChange={setModalOpen}
          title={t('dev.modalTitle')}
          description={t('dev.modalBody')}
          footer={<Button onClick={() => setModalOpen(false)}>{t('common.close')}</Button>}
        />
      </section>

      <section className={styles.section} aria-labelledby="dev-inputs">
        <h2 id="dev-inputs">{t('dev.inputs')}</h2>
        <div className={styles.grid}>
          <TextField label={t('dev.sampleText')} hint={t('dev.sampleHint')} />
          <CheckboxField label={t('dev.sampleCheckbox')} />
        </div>
      </section>
    </div>
  );
}
