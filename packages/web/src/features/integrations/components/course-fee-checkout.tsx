import type { Course } from '@app/contract/courses';
import type { CurrentUser } from '@app/contract/users';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useIntegrationStatus } from '../api/get-integration-status.ts';
import { usePayWithTestOrder, useRecordCoursePayment } from '../api/record-course-payment.ts';
import { type FastSpringOrderReference, loadFastSpringBuilder, onFastSpringOrder } from '../fastspring-builder.ts';
import styles from './checkout.module.css';
import { TestCheckoutDialog } from './test-checkout-dialog.tsx';

export interface CourseFeeCheckoutProps {
  course: Pick<Course, 'id' | 'course_product' | 'course_product_price' | 'fastspring_product_path'>;
  user: Pick<CurrentUser, 'id' | 'email' | 'first_name' | 'last_name'>;
  /** The payment is recorded: the course page refreshes its fee line. */
  onPaid: () => void;
}

/**
 * 'Click here to pay your course fee.' (spec §2, §4): FastSpring's hosted popup when the server has
 * FastSpring configured, else the labelled test checkout. Either way the server verifies the order
 * and records the payment; the page then shows the course as paid.
 */
export function CourseFeeCheckout({ course, user, onPaid }: CourseFeeCheckoutProps) {
  const { t } = useTranslation();
  const { data: status, isError: statusFailed } = useIntegrationStatus();
  const record = useRecordCoursePayment();
  const payTest = usePayWithTestOrder();
  const [testOpen, setTestOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const fastspring = status?.fastspring;

  const paid = () => {
    notify({ severity: 'success', message: t('integrations.checkout.paid') });
    onPaid();
  };

  // Live mode: the popup's order comes back through the library's callback while this page is open.
  const recordOrder = useEffectEvent((order: FastSpringOrderReference) => {
    record.mutate({ orderID: order.id, reference: order.reference, courseID: course.id }, { onSuccess: paid });
  });
  useEffect(() => onFastSpringOrder((order) => recordOrder(order)), []);

  // Live credentials without a storefront (or a product without a FastSpring path) cannot open the popup.
  if (statusFailed || (fastspring?.mode === 'live' && (!fastspring.storefront || !course.fastspring_product_path))) {
    return (
      <>
        <Button disabled aria-describedby="course-payment-unavailable">
          {t('courses.info.pay')}
        </Button>
        <p id="course-payment-unavailable" className={styles.note}>
          {t('integrations.checkout.unavailable')}
        </p>
      </>
    );
  }

  const openLive = async (storefront: string, path: string) => {
    setOpening(true);
    try {
      const builder = await loadFastSpringBuilder(storefront);
      builder.push({
        products: [{ path, quantity: 1 }],
        paymentContact: { email: user.email, firstName: user.first_name, lastName: user.last_name },
        checkout: true,
        tags: { courseID: course.id, userID: user.id },
      });
    } catch {
      notify({ severity: 'error', message: t('integrations.checkout.loadFailed') });
    } finally {
      setOpening(false);
    }
  };

  const start = () => {
    if (!fastspring) return;
    if (fastspring.mode === 'test') setTestOpen(true);
    else if (fastspring.storefront && course.fastspring_product_path) void openLive(fastspring.storefront, course.fastspring_product_path);
  };

  const cancelTest = () => {
    setTestOpen(false);
    console.log('no order ID');
  };

  const payWithTest = () => {
    payTest.mutate(course.id, {
      onSuccess: () => {
        setTestOpen(false);
        paid();
      },
    });
  };

  return (
    <>
      <Button onClick={start} loading={!fastspring || opening || record.isPending}>
        {t('courses.info.pay')}
      </Button>
      <TestCheckoutDialog
        open={testOpen}
        product={course.course_product}
        price={course.course_product_price}
        email={user.email}
        paying={payTest.isPending}
        onPay={payWithTest}
        onCancel={cancelTest}
      />
    </>
  );
}
