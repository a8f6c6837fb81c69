import { envelope } from '@app/contract/errors';
import {
  DeepLinkChoice,
  DeepLinkResponse,
  LinkLtiContextRequest,
  LmsRosterStatus,
  LtiContext,
  LtiRegistrationPreview,
  LtiRegistrationRequest,
  LtiRegistrationResult,
} from '@app/contract/lti';
import { messageCode } from '@app/contract/message-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { requestInfo, requireActor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { FRAME_SCRIPT, framePage, storageKey } from './frame-page.ts';
import { refusalLanguage } from './policy.ts';
import { refusalKind, refusalPage } from './refusal-page.ts';
import { LOGIN_COOKIE_PREFIX, LOGIN_STATE_SECONDS, LTI_PATHS, type LtiService } from './service.ts';

const tags = ['lti'];
const param = z.string().max(2000).optional();
const LoginParams = z.object({
  iss: param,
  login_hint: param,
  target_link_uri: param,
  lti_message_hint: param,
  client_id: param,
  lti_deployment_id: param,
  lti_storage_target: param,
});
const LaunchBody = z.object({
  id_token: z.string().max(100_000).optional(),
  state: z.string().max(200).optional(),
  /** The browser secret read back from the platform's postMessage storage (frame.js), when the login cookie was not sent. */
  lti_storage_secret: z.string().max(200).optional(),
});

/** The cookie that binds a login's state to the browser that started it (one per state, so tabs do not collide). */
const loginCookieName = (state: string) => `${LOGIN_COOKIE_PREFIX}${state.slice(0, 16).replace(/[^A-Za-z0-9_-]/g, '')}`;

/** Whether a request is a browser's page load (the LMS's form post or redirect), which takes a page rather than JSON. */
const wantsPage = (request: FastifyRequest) => {
  const dest = request.headers['sec-fetch-dest'];
  return dest === 'document' || dest === 'iframe' || /\btext\/html\b/.test(String(request.headers.accept ?? ''));
};

/** The locale a launch's id_token claims (launch_presentation.locale), read only to choose a refusal page's language. */
function launchLocale(request: FastifyRequest): unknown {
  const token = (request.body as { id_token?: unknown } | undefined)?.id_token;
  if (typeof token !== 'string') return undefined;
  try {
    const presentation = decodeJwt(token)['https://purl.imsglobal.org/spec/lti/claim/launch_presentation'];
    return typeof presentation === 'object' && presentation !== null ? (presentation as { locale?: unknown }).locale : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error handler of the login and launch routes (issue 37): a browser (the LMS's frame) gets the
 * refusal as a page in the person's language (refusal-page.ts) with the same status; any other
 * caller the usual envelope (the app's handler, by throwing on to it).
 */
function refusalHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!wantsPage(request)) throw error;
  let status = 500;
  let code = 'internal';
  if (error instanceof AppError) {
    status = error.status;
    code = messageCode(error.message)?.code ?? error.code;
  } else if (error.validation || (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)) {
    status = error.statusCode ?? 400;
    code = 'validation_failed';
  } else {
    request.log.error({ err: error }, 'LTI launch failed');
  }
  const language = refusalLanguage(launchLocale(request), request.headers['accept-language']);
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(refusalPage({ code, kind: refusalKind(code), language, requestId: request.id }));
}

/** LTI 1.3 (issue 28): the tool's key set and configuration, OIDC login initiation, launch, course linking. */
export function registerLtiRoutes(app: FastifyInstance, lti: LtiService, { secure }: { secure: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The launch is a cross-site form post from the LMS (often in a frame): the login cookie must be
  // sent with it, so SameSite=None, which browsers take only with Secure (localhost counts as secure).
  // Partitioned (CHIPS): browsers that block third-party cookies keep it for this LMS's frame.
  const loginCookie = { path: LTI_PATHS.launch, httpOnly: true, sameSite: 'none', secure: true, partitioned: true } as const;

  r.get(LTI_PATHS.jwks, { schema: { tags } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return lti.jwks();
  });

  r.get(LTI_PATHS.config, { schema: { tags } }, async () => lti.toolConfiguration());

  r.get('/lti/frame.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(FRAME_SCRIPT),
  );

  /**
   * In an LMS frame (or when the platform offers postMessage storage) the login answers a page
   * (frame-page.ts) that checks this site's cookies work there, stores the browser secret in the
   * platform's frame when offered, and goes on; elsewhere it redirects at once.
   */
  const login = async (params: z.infer<typeof LoginParams>, framed: boolean, reply: FastifyReply) => {
    const { redirectUrl, state, browserSecret, platformOrigin } = await lti.startLogin(params);
    reply.setCookie(loginCookieName(state), browserSecret, { ...loginCookie, maxAge: LOGIN_STATE_SECONDS });
    if (!framed && !params.lti_storage_target) return reply.redirect(redirectUrl, 302);
    const again = Object.fromEntries(Object.entries(params).filter(([name, value]) => name !== 'lti_storage_target' && value));
    const target = params.lti_storage_target;
    return reply.type('text/html; charset=utf-8').send(
      framePage({
        mode: 'login',
        next: redirectUrl,
        newWindow: `${LTI_PATHS.login}?${new URLSearchParams(again as Record<string, string>)}`,
        storage: target ? { target, origin: platformOrigin, key: storageKey(state), value: browserSecret } : null,
      }),
    );
  };
  const framed = (request: FastifyRequest) => request.headers['sec-fetch-dest'] === 'iframe';
  r.get(LTI_PATHS.login, { schema: { tags, querystring: LoginParams }, errorHandler: refusalHandler }, async (request, reply) =>
    login(request.query, framed(request), reply),
  );
  r.post(LTI_PATHS.login, { schema: { tags, body: LoginParams }, errorHandler: refusalHandler }, async (request, reply) =>
    login(request.body, framed(request), reply),
  );

  r.post(LTI_PATHS.launch, { schema: { tags, body: LaunchBody }, errorHandler: refusalHandler }, async (request, reply) => {
    const state = request.body.state ?? '';
    const cookieName = loginCookieName(state);
    const fromCookie = state ? request.cookies[cookieName] : undefined;
    // No login cookie: a login that offered postMessage storage reads the secret back from the platform's frame first.
    if (!fromCookie && request.body.lti_storage_secret === undefined && request.body.id_token) {
      const storage = await lti.storageLaunch(state);
      if (storage)
        return reply
          .type('text/html; charset=utf-8')
          .send(framePage({ mode: 'launch', storage: { ...storage, key: storageKey(state) }, idToken: request.body.id_token, state }));
    }
    const browserSecret = fromCookie ?? request.body.lti_storage_secret;
    if (state) reply.clearCookie(cookieName, loginCookie);
    const { session, redirect } = await lti.launch(request.body, browserSecret, requestInfo(request));
    // The product's ordinary session (DESIGN §5): the cookies the web app reads its token from,
    // set here as the web app sets them after sign-in, so no script needs to run first.
    // Partitioned where secure (CHIPS), so the session also lives in an LMS frame whose browser blocks third-party cookies.
    const tokenCookie = {
      path: '/',
      sameSite: secure ? 'none' : 'lax',
      secure,
      partitioned: secure,
      expires: new Date(session.expiresAt * 1000),
    } as const;
    reply.setCookie('access_token', session.token, tokenCookie);
    reply.setCookie('token_expire', String(session.expiresAt), tokenCookie);
    return reply.redirect(redirect, 303);
  });

  const ContextParams = z.object({ contextId: z.coerce.number().int().positive() });
  r.get(
    '/api/lti/contexts/:contextId',
    { schema: { tags, params: ContextParams, response: { 200: envelope(LtiContext) } } },
    async (request) => ({ data: await lti.context(requireActor(request), request.params.contextId) }),
  );
  r.post(
    '/api/lti/contexts/:contextId/link',
    { schema: { tags, params: ContextParams, body: LinkLtiContextRequest, response: { 200: envelope(LtiContext) } } },
    async (request) => ({ data: await lti.linkContext(requireActor(request), request.params.contextId, request.body.course_id) }),
  );
  r.post(
    '/api/lti/deep-links/:key',
    {
      schema: {
        tags,
        params: z.object({ key: z.string().min(1).max(100) }),
        body: DeepLinkChoice,
        response: { 200: envelope(DeepLinkResponse) },
      },
    },
    async (request) => ({
      data: await lti.deepLinkResponse(requireActor(request), request.params.key, request.body),
    }),
  );
  // Dynamic Registration 1.0: the key in the path (from the admin CLI) is the authority; the page
  // runs in the LMS's frame, where this site's cookies are not sent (the POST is exempt from CSRF).
  const RegistrationKey = z.object({ key: z.string().min(1).max(100) });
  r.get(
    '/api/lti/registrations/:key',
    { schema: { tags, params: RegistrationKey, querystring: LtiRegistrationRequest, response: { 200: envelope(LtiRegistrationPreview) } } },
    async (request) => ({
      data: await lti.registrationPreview(request.params.key, request.query.openid_configuration, request.query.registration_token),
    }),
  );
  r.post(
    '/api/lti/registrations/:key',
    { schema: { tags, params: RegistrationKey, body: LtiRegistrationRequest, response: { 201: envelope(LtiRegistrationResult) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await lti.register(request.params.key, request.body.openid_configuration, request.body.registration_token),
      }),
  );
  // Names and Role Provisioning: "Sync from LMS" on the People page (the course's instructors).
  const CourseParams = z.object({ courseId: z.coerce.number().int().positive() });
  r.get(
    '/api/courses/:courseId/lms-roster',
    { schema: { tags, params: CourseParams, response: { 200: envelope(LmsRosterStatus) } } },
    async (request) => ({ data: await lti.rosterStatus(requireActor(request), request.params.courseId) }),
  );
  // The sync runs as a job (202): GET follows it.
  r.post(
    '/api/courses/:courseId/lms-roster',
    { schema: { tags, params: CourseParams, response: { 202: envelope(LmsRosterStatus) } } },
    async (request, reply) => reply.status(202).send({ data: await lti.requestRosterSync(requireActor(request), request.params.courseId) }),
  );
  r.post(
    '/api/lti/contexts/:contextId/course',
    { schema: { tags, params: ContextParams, response: { 201: envelope(LtiContext) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await lti.createCourseForContext(requireActor(request), request.params.contextId) }),
  );
}
