import type { TestOrder } from '@app/contract/integrations';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /api/fastspring-test-orders (test mode only): an order for the course's product that only this server accepts. */
export function createTestOrder(courseId: number) {
  return api.post<z.infer<typeof TestOrder>>('/api/fastspring-test-orders', { courseID: courseId });
}
