import { envelope } from '@app/contract/errors';
import {
  GoogleInfo,
  GoogleInfoRequest,
  GoogleSubmitRequest,
  GoogleSubmitResponse,
  IntegrationStatus,
  PurchaseRequest,
  TestOrder,
  TestOrderRequest,
} from '@app/contract/integrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import { type GoogleService, LINK_COOKIE, STATE_SECONDS } from './google-service.ts';
import type { PaymentsService } from './payments-service.ts';

const tags = ['integrations'];

/** Google Classroom and course-fee payment: spec §7 "Google Classroom and payment". */
export function registerIntegrationRoutes(app: FastifyInstance, google: GoogleService, payments: PaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkCookie = {
    path: '/gc/callback',
    httpOnly: true,
    sameSite: 'lax',
    secure: google.secureCookies,
  } as const;

  r.get('/api/integrations', { schema: { tags, response: { 200: envelope(IntegrationStatus) } } }, async (request) => {
    requireActor(request);
    return { data: { google: google.configured(), fastspring: payments.status() } };
  });

  // Top-level navigations from the browser, outside /api: they answer with redirects.
  r.get(
    '/gc/config',
    { schema: { tags, querystring: z.object({ re: z.string().max(4000), id: z.string().max(400) }) } },
    async (request, reply) => {
      const { consentUrl, browserSecret } = await google.startLink(request.query.re, request.query.id);
      // Lax, not Strict: the callback is a top-level navigation that arrives from Google's site.
      reply.setCookie(LINK_COOKIE, browserSecret, { ...linkCookie, maxAge: STATE_SECONDS });
      return reply.redirect(consentUrl);
    },
  );
  r.get(
    '/gc/callback',
    {
      schema: {
        tags,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const browserSecret = request.cookies[LINK_COOKIE];
      reply.clearCookie(LINK_COOKIE, linkCookie);
      return reply.redirect(await google.finishLink(request.query, browserSecret));
    },
  );

  r.post('/api/gcinfo', { schema: { tags, body: GoogleInfoRequest, response: { 200: envelope(GoogleInfo) } } }, async (request) => ({
    data: await google.info(requireActor(request)),
  }));

  r.post(
    '/api/gcsubmit',
    { schema: { tags, body: GoogleSubmitRequest, response: { 200: envelope(GoogleSubmitResponse) } } },
    async (request) => ({
      data: await google.submit(requireActor(request), request.body),
    }),
  );

  r.post(
    '/api/fastspring-test-orders',
    { schema: { tags, body: TestOrderRequest, response: { 201: envelope(TestOrder) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await payments.createTestOrder(requireActor(request), request.body.courseID) }),
  );

  r.post(
    '/api/fastspringpurchase',
    { schema: { tags, body: PurchaseRequest, response: { 200: envelope(z.number().int()) } } },
    async (request) => ({
      data: await payments.purchase(requireActor(request), request.body),
    }),
  );

  // The webhook needs the raw body for its signature, so it parses JSON itself. FastSpring sends
  // JSON only: any other type (a form body with nested or __proto__ keys, say) is a 415, never parsed.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/fastspring/webhook', { schema: { hide: true } }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const recorded = await payments.webhook(raw, request.headers['x-fs-signature'] as string | undefined);
      return { data: { recorded } };
    });
  });
}
