import type { PurchaseRequest } from '@app/contract/integrations';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { createTestOrder } from './create-test-order.ts';

/** POST /api/fastspringpurchase: the server verifies the order and records the payment; the data is the payment id. */
export function recordCoursePayment(input: z.infer<typeof PurchaseRequest>) {
  return api.post<number>('/api/fastspringpurchase', input);
}

/** A FastSpring order the popup handed back (live mode). */
export function useRecordCoursePayment() {
  return useMutation({ mutationFn: recordCoursePayment });
}

/** Test mode: the built-in checkout asks for an order, then pays with it as the popup would. */
export function usePayWithTestOrder() {
  return useMutation({
    mutationFn: async (courseId: number) => {
      const order = await createTestOrder(courseId);
      return recordCoursePayment({ orderID: order.orderID, reference: order.reference, courseID: courseId });
    },
  });
}
