import type { FastifyInstance } from 'fastify';
import type { LtiService } from './service.ts';

/** How long the list of platform origins is kept before the registrations are read again. */
const ORIGINS_SECONDS = 60;

/**
 * Lets registered LMS platforms frame the web app's pages (issue 28): on every page (not /api),
 * the CSP's `frame-ancestors 'none'` becomes `'self'` and the platforms' origins, and
 * X-Frame-Options goes (frame-ancestors replaces it). Without registrations nothing changes.
 * The origins are read at most once a minute, so a registration made by the CLI reaches every
 * instance within a minute. The deep-linking selection page's form may also post to its LMS's
 * return URL (form-action).
 */
export function registerLtiFraming(app: FastifyInstance, lti: LtiService, now: () => number) {
  let cached: { origins: string[]; until: number } | undefined;
  const origins = async () => {
    const at = now();
    if (!cached || cached.until <= at) cached = { origins: await lti.frameAncestors(), until: at + ORIGINS_SECONDS };
    return cached.origins;
  };
  const registeringOrigin = async (url: string) => {
    const match = /^\/lti\/register\/([A-Za-z0-9_-]{1,100})\?/.exec(url);
    if (!match?.[1]) return undefined;
    try {
      const configuration = new URL(new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('openid_configuration') ?? '');
      if (configuration.origin === 'null' || !(await lti.registrationKeyLive(match[1]))) return undefined;
      return configuration.origin;
    } catch {
      return undefined;
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    // Pages are GETs, and the pages the LTI login and launch answer in the LMS's frame (POSTs, frame-page.ts).
    const ltiPost = request.method === 'POST' && /^\/lti\/(login|launch)(\?|$)/.test(request.url);
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && !ltiPost)) return;
    // The deep-linking selection page posts the signed response to the LMS: its form may go there.
    const deepLink = /^\/lti\/deep-link\/([A-Za-z0-9_-]{1,100})(?:\?|$)/.exec(request.url);
    const returnOrigin = deepLink?.[1] ? await lti.deepLinkReturnOrigin(deepLink[1]) : undefined;
    if (returnOrigin) {
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.raw.setHeader('content-security-policy', csp.replace("form-action 'self'", `form-action 'self' ${returnOrigin}`));
    }
    // Dynamic Registration: the registering LMS (the origin of its OpenID configuration) frames the
    // page of a live registration key, before it is a registered platform.
    const registering = await registeringOrigin(request.url);
    const list = registering ? [...new Set([...(await origins()), registering])] : await origins();
    if (list.length === 0) return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp !== 'string') return;
    reply.raw.setHeader('content-security-policy', csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${list.join(' ')}`));
    reply.raw.removeHeader('x-frame-options');
  });
}
