import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import styles from './checkout.module.css';

export interface TestCheckoutDialogProps {
  open: boolean;
  product: string | null;
  price: string | null;
  email: string;
  paying: boolean;
  onPay: () => void;
  /** Closing without paying, as the popup closing without an order. */
  onCancel: () => void;
}

/**
 * Stands in for FastSpring's popup when the server has no FastSpring account (the embedded default):
 * clearly labelled, it charges nothing, and the server accepts only the orders it issued itself.
 */
export function TestCheckoutDialog({ open, product, price, email, paying, onPay, onCancel }: TestCheckoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !paying) onCancel();
      }}
      title={t('integrations.checkout.testTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={paying}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onPay} loading={paying}>
            {t('integrations.checkout.testPay')}
          </Button>
        </>
      }
    >
      <Notice severity="warning">{t('integrations.checkout.testNotice')}</Notice>
      <dl className={styles.summary}>
        <div className={styles.line}>
          <dt>{t('integrations.checkout.product')}</dt>
          <dd>{product ?? t('integrations.checkout.none')}</dd>
        </div>
        <div className={styles.line}>
          <dt>{t('integrations.checkout.price')}</dt>
          <dd>{price ? t('integrations.checkout.amount', { price }) : t('integrations.checkout.none')}</dd>
        </div>
        <div className={styles.line}>
          <dt>{t('integrations.checkout.email')}</dt>
          <dd>{email}</dd>
        </div>
      </dl>
    </Modal>
  );
}
