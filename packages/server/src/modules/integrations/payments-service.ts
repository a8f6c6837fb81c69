import { createHmac, timingSafeEqual } from 'node:crypto';
import { IntegrationMessages, type IntegrationStatus } from '@app/contract/integrations';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { newSecret } from '../../lib/random.ts';
import type { CoursesService } from '../courses/service.ts';
import { createFastSpringClient, type FastSpringOrder } from './fastspring-client.ts';
import * as repo from './repository.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Course fees through FastSpring. With API credentials every order is checked with
 * FastSpring; without them (the embedded default) a test checkout issues orders that
 * only this server accepts, so the whole flow can be tried locally.
 */
export function createPaymentsService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, clock, config, log } = deps;
  const fastspring = config.fastspring ? createFastSpringClient(config.fastspring) : undefined;

  /** The paid course a student is paying for. */
  async function payableCourse(actor: Actor, courseId: number) {
    const { row } = await collaborators.courses.requireCourseAccess(actor, courseId, {
      need: 'study',
      forbidden: IntegrationMessages.onlyStudents,
    });
    if (row.payment_type !== 2 || !row.fastspring_product_path) throw AppError.conflict(IntegrationMessages.notPaidCourse);
    return { ...row, fastspring_product_path: row.fastspring_product_path };
  }

  /** Records the payment of an order once; the same order again returns the same payment. */
  async function record(courseId: number, userId: number, order: { id: string; reference: string }): Promise<number> {
    const used = await repo.findPaymentByOrder(db, order.id);
    if (used) {
      if (used.course_id === courseId && used.user_id === userId) return used.id;
      throw AppError.conflict(IntegrationMessages.orderUsed);
    }
    const existing = await repo.findPayment(db, courseId, userId);
    if (existing) return existing.id;
    try {
      return await repo.insertPayment(db, { courseId, userId, orderId: order.id, reference: order.reference, now: clock.now() });
    } catch (error) {
      // A second request with the same order won the race: answer as it did.
      const raced = await repo.findPaymentByOrder(db, order.id);
      if (raced && raced.course_id === courseId && raced.user_id === userId) return raced.id;
      throw error;
    }
  }

  function checkOrder(order: FastSpringOrder | undefined, reference: string, productPath: string): FastSpringOrder {
    if (!order || order.reference !== reference) throw AppError.notFound(IntegrationMessages.orderNotFound);
    if (!order.completed) throw AppError.conflict(IntegrationMessages.orderIncomplete);
    if (!order.products.includes(productPath)) throw AppError.conflict(IntegrationMessages.orderWrongProduct);
    return order;
  }

  return {
    status(): IntegrationStatus['fastspring'] {
      return { mode: fastspring ? 'live' : 'test', storefront: config.fastspring?.storefront ?? null };
    },

    /** Test mode only: an order the built-in checkout hands to the student, for this course's product. */
    async createTestOrder(actor: Actor, courseId: number) {
      if (fastspring) throw AppError.notFound();
      const course = await payableCourse(actor, courseId);
      const order = {
        orderID: `TEST-${newSecret(9)}`,
        reference: `HD${newSecret(6)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '7')}`,
      };
      await repo.insertTestOrder(db, {
        orderId: order.orderID,
        reference: order.reference,
        userId: actor.user.id,
        courseId,
        productPath: course.fastspring_product_path,
        now: clock.now(),
      });
      return order;
    },

    /** POST /api/fastspringpurchase: verifies the order, records the payment, returns its id. */
    async purchase(actor: Actor, input: { orderID: string; reference: string; courseID: number }): Promise<number> {
      const course = await payableCourse(actor, input.courseID);
      if (fastspring) {
        const order = checkOrder(await fastspring.getOrder(input.orderID), input.reference, course.fastspring_product_path);
        return record(course.id, actor.user.id, order);
      }
      const test = await repo.findTestOrder(db, input.orderID);
      if (!test || test.reference !== input.reference || test.user_id !== actor.user.id)
        throw AppError.notFound(IntegrationMessages.orderNotFound);
      if (test.course_id !== course.id || test.product_path !== course.fastspring_product_path)
        throw AppError.conflict(IntegrationMessages.orderWrongProduct);
      return record(course.id, actor.user.id, { id: test.order_id, reference: test.reference });
    },

    /**
     * FastSpring's webhook: orders that completed after the popup closed. The body is
     * signed with the webhook secret (X-FS-Signature, base64 HMAC-SHA256 of the raw body).
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<number> {
      const secret = config.fastspring?.webhookSecret;
      if (!fastspring || !secret) throw AppError.notFound();
      const expected = createHmac('sha256', secret).update(rawBody).digest('base64');
      const given = Buffer.from(signature ?? '');
      if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected))) {
        throw AppError.forbidden(IntegrationMessages.badSignature);
      }
      type WebhookEvent = { type?: string; data?: Record<string, unknown> } | null;
      let events: WebhookEvent[];
      try {
        const parsed = (JSON.parse(rawBody) as { events?: unknown } | null)?.events ?? [];
        if (!Array.isArray(parsed)) throw new TypeError('events is not a list');
        events = parsed as WebhookEvent[];
      } catch {
        throw AppError.badRequest('events', IntegrationMessages.webhookBodyInvalid);
      }
      let recorded = 0;
      for (const event of events) {
        if (event?.type !== 'order.completed' || !event.data) continue;
        const orderId = String(event.data.id ?? event.data.order ?? '');
        const tags = (event.data.tags ?? {}) as Record<string, string>;
        const courseId = Number(tags.courseID);
        const userId = Number(tags.userID);
        if (!orderId || !Number.isInteger(courseId) || !Number.isInteger(userId)) continue;
        try {
          // Never trust the webhook body alone: ask FastSpring about the order.
          const order = await fastspring.getOrder(orderId);
          const course = await repo.findCourseProduct(db, courseId);
          if (!order || !course || !order.completed || !order.products.includes(course.fastspring_product_path)) continue;
          await record(courseId, userId, order);
          recorded += 1;
        } catch (error) {
          log.warn({ err: error, orderId }, 'webhook order not recorded');
        }
      }
      return recorded;
    },
  };
}
