import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';

/**
 * Local stand-ins for Google (OAuth consent, token endpoint, Classroom API) and for
 * FastSpring's order API, on a loopback port. The real clients talk to them over HTTP;
 * API tests and Playwright journeys use the same stand-ins.
 */
export type StandIns = Awaited<ReturnType<typeof startStandIns>>;

export async function startStandIns() {
  const state = {
    courses: [
      { id: '1001', name: 'Period 1 Music Theory' },
      { id: '1002', name: 'Period 4 Music Theory' },
    ] as { id: string; name: string }[],
    /** 'ok', 'forbidden' (403) or 'error' (500) for the Classroom course list. */
    classroomMode: 'ok' as 'ok' | 'forbidden' | 'error',
    codes: new Map<string, string>(),
    accessTokens: new Set<string>(),
    refreshTokens: new Set<string>(),
    coursework: [] as { courseId: string; body: Record<string, unknown>; id: string }[],
    orders: new Map<
      string,
      { id: string; reference: string; completed: boolean; items: { product: string }[]; tags?: Record<string, string> }
    >(),
    fastspringAuth: `Basic ${Buffer.from('fs-user:fs-pass').toString('base64')}`,
  };
  const token = () => randomBytes(12).toString('hex');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const bearer = () => (req.headers.authorization ?? '').replace(/^Bearer /, '');
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        const st = url.searchParams.get('state') ?? '';
        const code = token();
        state.codes.set(code, redirect);
        const allow = `${redirect}?code=${code}&state=${encodeURIComponent(st)}`;
        const deny = `${redirect}?error=access_denied&state=${encodeURIComponent(st)}`;
        return send(
          200,
          `<!doctype html><html><body><h1>Google stand-in: allow Harmony Dashboard to manage your Classroom?</h1><a href="${allow}">Allow</a> <a href="${deny}">Deny</a></body></html>`,
          'text/html',
        );
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== 'test-client' || form.get('client_secret') !== 'test-secret')
          return send(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (!state.codes.has(code) || state.codes.get(code) !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' });
          state.codes.delete(code);
          const access = token();
          const refresh = token();
          state.accessTokens.add(access);
          state.refreshTokens.add(refresh);
          return send(200, { access_token: access, refresh_token: refresh, expires_in: 3600 });
        }
        if (form.get('grant_type') === 'refresh_token' && state.refreshTokens.has(form.get('refresh_token') ?? '')) {
          const access = token();
          state.accessTokens.add(access);
          return send(200, { access_token: access, expires_in: 3600 });
        }
        return send(400, { error: 'invalid_grant' });
      }
      if (url.pathname.startsWith('/v1/courses')) {
        if (!state.accessTokens.has(bearer())) return send(401, { error: { code: 401 } });
        if (req.method === 'GET' && url.pathname === '/v1/courses') {
          if (state.classroomMode === 'forbidden') return send(403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
          if (state.classroomMode === 'error') return send(500, { error: { code: 500 } });
          return send(200, state.courses.length ? { courses: state.courses } : {});
        }
        const match = /^\/v1\/courses\/([^/]+)\/courseWork$/.exec(url.pathname);
        if (req.method === 'POST' && match?.[1]) {
          const id = `cw-${state.coursework.length + 1}`;
          state.coursework.push({ courseId: decodeURIComponent(match[1]), body: JSON.parse(raw) as Record<string, unknown>, id });
          return send(200, { id });
        }
      }
      const order = /^\/orders\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && order?.[1]) {
        if (req.headers.authorization !== state.fastspringAuth) return send(401, { error: 'unauthorized' });
        const found = state.orders.get(decodeURIComponent(order[1]));
        return found ? send(200, found) : send(404, { error: 'not found' });
      }
      send(404, { error: 'no such stand-in route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    state,
    /** The configuration that points the server at these stand-ins. */
    env: {
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_CLASSROOM_URL: url,
      FASTSPRING_API_URL: url,
      FASTSPRING_USERNAME: 'fs-user',
      FASTSPRING_PASSWORD: 'fs-pass',
      FASTSPRING_WEBHOOK_SECRET: 'fs-webhook-secret',
      FASTSPRING_STOREFRONT: 'harmony.test.onfastspring.com/popup-harmony',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A local stand-in LTI 1.3 platform (an LMS such as Canvas or Moodle), for API tests and journeys
 * (issue 28): its own RSA keys published at its JWKS URL, and an OIDC authorisation endpoint that
 * answers the tool's login with a page that posts a signed id_token back to the tool's launch URL.
 * Tests choose the launch's claims (`nextLaunch`) and may sign tokens themselves (`sign`), with
 * another key under the same kid, or none at all. For Assignment and Grade Services: a token
 * endpoint that checks the tool's client assertion against the tool's key set and refuses a
 * replayed one, line items (made by the deep-linking return, as an LMS makes them), a scores
 * endpoint that records what the tool posts, and its grade book at `/gradebook` (HTML) and
 * `/gradebook.json`.
 */
export type LtiPlatformStandIn = Awaited<ReturnType<typeof startLtiPlatform>>;

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LTI_ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  ta: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  institutionInstructor: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
} as const;

export const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

/** A line item of the stand-in's grade book (`id` is its URL, as AGS has it). */
export type StandInLineItem = {
  id: string;
  contextId: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  resourceLinkId: string;
  /** The custom parameters of the resource link it belongs to. */
  custom: Record<string, string>;
};

export async function startLtiPlatform(options: { clientId?: string; deploymentId?: string } = {}) {
  const clientId = options.clientId ?? 'harmony-tool';
  const deploymentId = options.deploymentId ?? 'deployment-1';
  const makeKey = async (kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
  };
  const state = {
    key: await makeKey('platform-key-1'),
    /** The claims the authorisation endpoint puts into its next id_token (beside iss, aud, nonce, iat, exp). */
    nextLaunch: {} as Record<string, unknown>,
    /** Authorisation requests received, newest last. */
    authRequests: [] as URLSearchParams[],
    /** The tool's key set URL, which the deep-linking return checks the tool's signature against. */
    toolJwksUrl: undefined as string | undefined,
    /** Deep-linking responses whose signature checked out: their claims, newest last. */
    deepLinks: [] as Record<string, unknown>[],
    /** Dynamic Registration: the token the registration endpoint wants as its bearer token. */
    registrationToken: 'registration-token-1',
    /** The deployment id the registration endpoint answers; null answers none (the specification allows it). */
    registrationDeploymentId: deploymentId as string | null,
    /** Line items the tool created (AGS POST lineitems): their bodies, newest last. */
    createdLineItems: [] as Record<string, unknown>[],
    /** The issuer the OpenID configuration names (tests set another to see it refused). */
    configIssuer: undefined as string | undefined,
    /** Client registrations the tool posted (their bodies), newest last. */
    registrations: [] as Record<string, unknown>[],
    /** Client assertions' `jti`s seen by the token endpoint (a second use is refused). */
    assertionJtis: new Set<string>(),
    /** Token requests, newest last: whether each was granted, and why not, and the client assertion sent. */
    tokenRequests: [] as { granted: boolean; error?: string; scope: string; assertion: string }[],
    /** Access tokens issued, with their scopes. */
    accessTokens: new Map<string, { scopes: string[]; expiresAt: number }>(),
    /** Seconds an access token lives. */
    tokenSeconds: 3600,
    /** Line items, made by the deep-linking return (one per content item with a lineItem). */
    lineItems: [] as StandInLineItem[],
    /** Scores posted, oldest first: the line item, the body, the content type. */
    scores: [] as { lineItem: string; body: Record<string, unknown>; contentType: string }[],
    /** The next this many score posts answer 503 (a platform briefly away). */
    failScores: 0,
    /** Names and Role Provisioning: each LMS course's members (NRPS 2.0 membership objects), by context id. */
    rosters: new Map<string, Record<string, unknown>[]>(),
    /** Members per roster page (the rest follows a `Link: rel="next"`). */
    rosterPageSize: 2,
    /** Roster pages served, newest last (their URLs). */
    rosterRequests: [] as string[],
    /** How long each roster page takes to answer (a journey sees the sync running). */
    rosterDelayMs: 0,
    /** The authorisation page waits for its Continue button instead of posting the launch at once (a journey clears cookies meanwhile). */
    holdLaunch: false,
  };

  /** The stand-in's own address (known once it listens). */
  let base = '';
  type Send = (status: number, body: unknown, type?: string) => void;

  /** Token endpoint: client credentials with the tool's signed assertion, checked against the tool's key set, each `jti` once. */
  async function tokenEndpoint(raw: string, send: Send) {
    const form = new URLSearchParams(raw);
    const scope = form.get('scope') ?? '';
    const assertion = form.get('client_assertion') ?? '';
    const refuse = (status: number, error: string, description: string) => {
      state.tokenRequests.push({ granted: false, error: description, scope, assertion });
      send(status, { error, error_description: description });
    };
    if (form.get('grant_type') !== 'client_credentials')
      return refuse(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refuse(401, 'invalid_client', 'client_assertion_type must be jwt-bearer');
    if (!state.toolJwksUrl) return refuse(401, 'invalid_client', 'toolJwksUrl is not set');
    let jti: unknown;
    try {
      const { payload } = await jwtVerify(assertion, createRemoteJWKSet(new URL(state.toolJwksUrl)), {
        issuer: clientId,
        subject: clientId,
        audience: `${base}/token`,
        algorithms: ['RS256'],
        requiredClaims: ['jti', 'iat', 'exp'],
      });
      jti = payload.jti;
    } catch (error) {
      return refuse(401, 'invalid_client', `client assertion refused: ${String(error)}`);
    }
    if (typeof jti !== 'string' || state.assertionJtis.has(jti))
      return refuse(401, 'invalid_client', 'client assertion replayed (jti seen before)');
    state.assertionJtis.add(jti);
    const scopes = scope.split(' ').filter(Boolean);
    const known: string[] = [...Object.values(AGS_SCOPES), NRPS_SCOPE];
    if (scopes.length === 0 || scopes.some((s) => !known.includes(s))) return refuse(400, 'invalid_scope', `unknown scope in "${scope}"`);
    const accessToken = randomBytes(16).toString('hex');
    state.accessTokens.set(accessToken, { scopes, expiresAt: Math.floor(Date.now() / 1000) + state.tokenSeconds });
    state.tokenRequests.push({ granted: true, scope, assertion });
    return send(200, { access_token: accessToken, token_type: 'Bearer', expires_in: state.tokenSeconds, scope: scopes.join(' ') });
  }

  const PROGRESS = {
    activity: ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'],
    grading: ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'],
  };

  /** Line items and scores (AGS 2.0), behind the bearer tokens the token endpoint issued. */
  function lineItemsEndpoint(req: http.IncomingMessage, url: URL, raw: string, send: Send, match: RegExpExecArray) {
    const token = state.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!token || token.expiresAt < Date.now() / 1000) return send(401, { error: 'invalid_token' });
    const contextId = decodeURIComponent(match[1] ?? '');
    const can = (...scopes: string[]) => scopes.some((s) => token.scopes.includes(s));
    if (!match[2] && req.method === 'POST') {
      // A tool creating a line item (AGS 2.0 §3.2.5): the lineitem scope, a label and a positive scoreMaximum.
      if (!can(AGS_SCOPES.lineItem)) return send(403, { error: 'insufficient_scope' });
      const type = String(req.headers['content-type'] ?? '');
      if (!type.startsWith('application/vnd.ims.lis.v2.lineitem+json')) return send(415, { error: `content type ${type}` });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { error: 'not JSON' });
      }
      if (typeof body.label !== 'string' || typeof body.scoreMaximum !== 'number' || body.scoreMaximum <= 0)
        return send(400, { error: 'invalid line item', body });
      state.createdLineItems.push(body);
      const n = state.lineItems.length + 1;
      const item: StandInLineItem = {
        id: `${base}/contexts/${match[1]}/lineitems/${n}`,
        contextId,
        label: body.label,
        scoreMaximum: body.scoreMaximum,
        ...(typeof body.resourceId === 'string' ? { resourceId: body.resourceId } : {}),
        resourceLinkId: typeof body.resourceLinkId === 'string' ? body.resourceLinkId : '',
        custom: {},
      };
      state.lineItems.push(item);
      return send(201, { ...body, id: item.id }, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    if (!match[2]) {
      if (req.method !== 'GET') return send(405, { error: 'method not allowed' });
      if (!can(AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadOnly)) return send(403, { error: 'insufficient_scope' });
      const resourceId = url.searchParams.get('resource_id');
      const found = state.lineItems.filter((i) => i.contextId === contextId && (resourceId === null || i.resourceId === resourceId));
      return send(200, found, 'application/vnd.ims.lis.v2.lineitemcontainer+json');
    }
    const item = state.lineItems.find((i) => i.id === `${base}/contexts/${match[1]}/lineitems/${match[2]}`);
    if (!item) return send(404, { error: 'no such line item' });
    if (!match[3]) {
      if (!can(AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadOnly)) return send(403, { error: 'insufficient_scope' });
      return send(200, item, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    if (req.method !== 'POST') return send(405, { error: 'method not allowed' });
    if (!can(AGS_SCOPES.score)) return send(403, { error: 'insufficient_scope' });
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('application/vnd.ims.lis.v1.score+json')) return send(415, { error: `content type ${type}` });
    if (state.failScores > 0) {
      state.failScores -= 1;
      return send(503, { error: 'the stand-in is unavailable (failScores)' });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(400, { error: 'not JSON' });
    }
    const valid =
      typeof body.userId === 'string' &&
      // No scoreGiven clears the user's score; with one, a maximum is needed.
      (body.scoreGiven === undefined ||
        (typeof body.scoreGiven === 'number' && body.scoreGiven >= 0 && typeof body.scoreMaximum === 'number' && body.scoreMaximum > 0)) &&
      PROGRESS.activity.includes(String(body.activityProgress)) &&
      PROGRESS.grading.includes(String(body.gradingProgress)) &&
      typeof body.timestamp === 'string' &&
      !Number.isNaN(Date.parse(body.timestamp));
    if (!valid) return send(400, { error: 'invalid score', body });
    state.scores.push({ lineItem: item.id, body, contentType: type });
    return send(204, '');
  }

  /** The AGS routes and the grade book; true when the request was one of them (answered once its body is read). */
  function ags(req: http.IncomingMessage, url: URL, send: Send): boolean {
    const items = /^\/contexts\/([^/]+)\/lineitems(?:\/(\d+)(\/scores)?)?$/.exec(url.pathname);
    const token = req.method === 'POST' && url.pathname === '/token';
    const book = req.method === 'GET' && (url.pathname === '/gradebook' || url.pathname === '/gradebook.json');
    if (!items && !token && !book) return false;
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      if (url.pathname === '/gradebook.json') return send(200, gradeBook());
      if (book) {
        const esc = (v: unknown) =>
          String(v ?? '')
            .replaceAll('&', '&amp;')
            .replaceAll('<', '&lt;');
        const rows = gradeBook()
          .map(
            (g) =>
              `<tr><td>${esc(g.label)}</td><td>${esc(g.userId)}</td><td>${esc(g.scoreGiven)} / ${esc(g.scoreMaximum)}</td><td>${esc(g.activityProgress)}</td><td>${esc(g.gradingProgress)}</td></tr>`,
          )
          .join('');
        return send(
          200,
          `<!doctype html><html><body><h1>LMS stand-in grade book</h1><table><thead><tr><th>Item</th><th>User</th><th>Score</th><th>Activity</th><th>Grading</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
          'text/html',
        );
      }
      if (token) return void tokenEndpoint(raw, send).catch((error: unknown) => send(500, { error: String(error) }));
      if (items) return lineItemsEndpoint(req, url, raw, send, items);
    });
    return true;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/jwks') return send(200, { keys: [state.key.publicJwk] });
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      // LTI Dynamic Registration 1.0: the platform's OpenID configuration.
      const base = `http://${req.headers.host}`;
      return send(200, {
        issuer: state.configIssuer ?? base,
        authorization_endpoint: `${base}/auth`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        registration_endpoint: `${base}/register`,
        scopes_supported: ['openid', 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'],
        response_types_supported: ['id_token'],
        id_token_signing_alg_values_supported: ['RS256'],
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: 'lms-stand-in',
          version: '1.0',
          messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/register') {
      // The registration endpoint: the registration token as bearer, and the tool's client registration.
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        if (req.headers.authorization !== `Bearer ${state.registrationToken}`) return send(401, { error: 'invalid_token' });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return send(400, { error: 'invalid_client_metadata' });
        }
        const tool = body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as { messages?: { type?: string }[] } | undefined;
        const wellFormed =
          typeof body.initiate_login_uri === 'string' &&
          Array.isArray(body.redirect_uris) &&
          typeof body.jwks_uri === 'string' &&
          typeof body.scope === 'string' &&
          Array.isArray(tool?.messages);
        if (!wellFormed) return send(400, { error: 'invalid_client_metadata' });
        state.registrations.push(body);
        // The stand-in gives the tool its own client id and deployment, so launches work after registering.
        return send(200, {
          ...body,
          client_id: clientId,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': {
            ...tool,
            ...(state.registrationDeploymentId === null ? {} : { deployment_id: state.registrationDeploymentId }),
          },
        });
      });
      return undefined;
    }
    const roster = /^\/contexts\/([^/]+)\/memberships$/.exec(url.pathname);
    if (req.method === 'GET' && roster) {
      // NRPS 2.0 context membership: a bearer token with the NRPS scope, pages linked by rel="next".
      const token = state.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!token || token.expiresAt < Date.now() / 1000) return send(401, { error: 'invalid_token' });
      if (!token.scopes.includes(NRPS_SCOPE)) return send(403, { error: 'insufficient_scope' });
      const contextId = decodeURIComponent(roster[1] ?? '');
      const members = state.rosters.get(contextId) ?? [];
      const page = Number(url.searchParams.get('page') ?? '0');
      state.rosterRequests.push(url.toString());
      const slice = members.slice(page * state.rosterPageSize, (page + 1) * state.rosterPageSize);
      const more = (page + 1) * state.rosterPageSize < members.length;
      setTimeout(() => {
        res.writeHead(200, {
          'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
          ...(more ? { link: `<${base}/contexts/${roster[1]}/memberships?page=${page + 1}>; rel="next"` } : {}),
        });
        res.end(JSON.stringify({ id: url.toString(), context: { id: contextId }, members: slice }));
      }, state.rosterDelayMs);
      return undefined;
    }
    if (req.method === 'GET' && url.pathname === '/launch-frame') {
      // The LMS page that frames the tool and offers LTI Client Side postMessage storage
      // (lti.put_data / lti.get_data, answered to the tool's origin): the login gets lti_storage_target=_parent.
      const login = new URL(url.searchParams.get('login') ?? '');
      login.searchParams.set('lti_storage_target', '_parent');
      const attr = login.toString().replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      return send(
        200,
        `<!doctype html><html><body><h1>LMS stand-in: course page</h1><p id="stored">Stored: 0</p><iframe title="Tool" src="${attr}" style="width:1000px;height:640px;border:1px solid #888"></iframe><script>var store={};var count=0;window.addEventListener('message',function(e){var m=e.data||{};if(m.subject==='lti.put_data'){store[e.origin+' '+m.key]=m.value;count++;document.getElementById('stored').textContent='Stored: '+count;e.source.postMessage({subject:'lti.put_data.response',message_id:m.message_id,key:m.key,value:m.value},e.origin);}else if(m.subject==='lti.get_data'){var v=store[e.origin+' '+m.key];e.source.postMessage(v===undefined?{subject:'lti.get_data.response',message_id:m.message_id,key:m.key,error:{code:'bad_request',message:'no such key'}}:{subject:'lti.get_data.response',message_id:m.message_id,key:m.key,value:v},e.origin);}});</script></body></html>`,
        'text/html',
      );
    }
    if (req.method === 'GET' && url.pathname === '/register-tool') {
      // What an LMS administrator's screen does: opens the tool's registration URL (with the
      // configuration URL and token appended) in a frame, and waits for its close message.
      const target = new URL(url.searchParams.get('url') ?? '');
      target.searchParams.set('openid_configuration', `http://${req.headers.host}/.well-known/openid-configuration`);
      target.searchParams.set('registration_token', state.registrationToken);
      const attr = target.toString().replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      return send(
        200,
        `<!doctype html><html><body><h1>LMS stand-in: add a tool</h1><p id="status">Registering...</p><iframe title="Tool registration" src="${attr}" style="width:760px;height:760px;border:1px solid #888"></iframe><script>window.addEventListener('message',function(e){if(e.data&&e.data.subject==='org.imsglobal.lti.close'){document.getElementById('status').textContent='LMS stand-in: the tool closed its registration';}});</script></body></html>`,
        'text/html',
      );
    }
    if (req.method === 'POST' && url.pathname === '/deep-link-return') {
      // The deep-linking return: the tool's JWT, checked against the tool's published keys.
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        const token = new URLSearchParams(raw).get('JWT') ?? '';
        const keys = state.toolJwksUrl ? createRemoteJWKSet(new URL(state.toolJwksUrl)) : undefined;
        if (!keys) return send(500, { error: 'toolJwksUrl is not set' });
        jwtVerify(token, keys, { audience: `http://${req.headers.host}`, issuer: clientId, algorithms: ['RS256'] }).then(
          ({ payload }) => {
            state.deepLinks.push(payload);
            const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as
              | {
                  title?: string;
                  custom?: Record<string, string>;
                  lineItem?: { label?: string; scoreMaximum?: number; resourceId?: string };
                }[]
              | undefined;
            // As an LMS does: each resource link with a line item gets a line item in the course's grade book.
            const contextId = url.searchParams.get('context') ?? 'context-1';
            for (const item of items ?? []) {
              if (!item.lineItem) continue;
              const n = state.lineItems.length + 1;
              state.lineItems.push({
                id: `${base}/contexts/${encodeURIComponent(contextId)}/lineitems/${n}`,
                contextId,
                label: item.lineItem.label ?? item.title ?? `Item ${n}`,
                scoreMaximum: item.lineItem.scoreMaximum ?? 100,
                ...(item.lineItem.resourceId ? { resourceId: item.lineItem.resourceId } : {}),
                resourceLinkId: `deep-linked-${n}`,
                custom: item.custom ?? {},
              });
            }
            send(
              200,
              `<!doctype html><html><body><h1>LMS stand-in: added ${items?.map((i) => i.title).join(', ')}</h1></body></html>`,
              'text/html',
            );
          },
          (error: unknown) =>
            send(400, `<!doctype html><html><body><h1>LMS stand-in: refused (${String(error)})</h1></body></html>`, 'text/html'),
        );
      });
      return undefined;
    }
    if (ags(req, url, send)) return undefined;
    if (req.method === 'GET' && url.pathname === '/auth') {
      state.authRequests.push(url.searchParams);
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'id_token' || q.get('scope') !== 'openid')
        return send(400, { error: 'invalid_request' });
      void sign({
        sub: 'platform-user-1',
        ...launchClaims(),
        // The platform launches the link it was configured with: the tool's redirect URI.
        [`${LTI_CLAIM}target_link_uri`]: q.get('redirect_uri'),
        ...state.nextLaunch,
        nonce: q.get('nonce'),
      }).then((token) => {
        const attr = (v: string) => v.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
        send(
          200,
          `<!doctype html><html><body><form method="post" action="${attr(q.get('redirect_uri') ?? '')}"><input type="hidden" name="id_token" value="${attr(token)}"><input type="hidden" name="state" value="${attr(q.get('state') ?? '')}"><button>Continue</button></form>${state.holdLaunch ? '' : '<script>document.forms[0].submit()</script>'}</body></html>`,
          'text/html',
        );
      });
      return undefined;
    }
    return send(404, { error: 'no such stand-in route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  base = url;

  /** The AGS endpoint claim of a launch in a context (with `lineitem` for a launch of a resource link that has one). */
  function agsClaim(contextId = 'context-1', lineItem?: string) {
    return {
      [AGS_CLAIM]: {
        scope: [AGS_SCOPES.lineItem, AGS_SCOPES.resultReadOnly, AGS_SCOPES.score],
        lineitems: `${url}/contexts/${encodeURIComponent(contextId)}/lineitems`,
        ...(lineItem ? { lineitem: lineItem } : {}),
      },
    };
  }

  /** The NRPS claim of a launch in an LMS course: where its roster is. */
  function nrpsClaim(contextId = 'context-1') {
    return {
      [NRPS_CLAIM]: {
        context_memberships_url: `${url}/contexts/${encodeURIComponent(contextId)}/memberships`,
        service_versions: ['2.0'],
      },
    };
  }

  /** The claims of a launch of a deep-linked resource link (its id, custom parameters and line item), for `nextLaunch`. */
  function resourceLinkClaims(item: StandInLineItem) {
    return {
      [`${LTI_CLAIM}resource_link`]: { id: item.resourceLinkId, title: item.label },
      [`${LTI_CLAIM}custom`]: item.custom,
      ...agsClaim(item.contextId, item.id),
    };
  }

  /** The latest score of each user on each line item: the stand-in's grade book. */
  function gradeBook() {
    const latest = new Map<string, { lineItem: StandInLineItem | undefined; score: Record<string, unknown> }>();
    for (const s of state.scores)
      latest.set(`${s.lineItem} ${String(s.body.userId)}`, { lineItem: state.lineItems.find((i) => i.id === s.lineItem), score: s.body });
    return [...latest.values()].map(({ lineItem, score }) => ({
      lineItem: lineItem?.id,
      label: lineItem?.label,
      userId: score.userId,
      scoreGiven: score.scoreGiven,
      scoreMaximum: score.scoreMaximum,
      activityProgress: score.activityProgress,
      gradingProgress: score.gradingProgress,
      timestamp: score.timestamp,
    }));
  }

  /** A resource-link launch's claims for a Learner of one LMS course (tests override what they test). */
  function launchClaims(): Record<string, unknown> {
    return {
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: deploymentId,
      [`${LTI_CLAIM}resource_link`]: { id: 'resource-link-1' },
      [`${LTI_CLAIM}roles`]: [LTI_ROLE.learner],
      [`${LTI_CLAIM}context`]: { id: 'context-1', label: 'MUS 101', title: 'Music Theory I' },
      ...agsClaim('context-1'),
      ...nrpsClaim('context-1'),
      given_name: 'Lena',
      family_name: 'Platform',
    };
  }

  /**
   * Signs an id_token as this platform: iss, aud, iat and exp are filled in unless given. `key`
   * 'other' signs with a fresh key under the same kid; `alg` 'none' makes an unsigned token;
   * `kid: false` leaves the kid out of the header (signed with the platform's one key).
   */
  async function sign(
    payload: Record<string, unknown>,
    how: { key?: 'own' | 'other'; alg?: 'RS256' | 'none'; now?: number; kid?: false } = {},
  ) {
    const now = how.now ?? Math.floor(Date.now() / 1000);
    const claims = { iss: url, aud: clientId, iat: now, exp: now + 300, ...payload };
    if (how.alg === 'none') return new UnsecuredJWT(claims).encode();
    const key = how.key === 'other' ? (await makeKey(state.key.kid)).privateKey : state.key.privateKey;
    const header = how.kid === false ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', kid: state.key.kid, typ: 'JWT' };
    return new SignJWT(claims).setProtectedHeader(header).sign(key);
  }

  return {
    url,
    issuer: url,
    clientId,
    deploymentId,
    authUrl: `${url}/auth`,
    tokenUrl: `${url}/token`,
    jwksUrl: `${url}/jwks`,
    openIdConfigurationUrl: `${url}/.well-known/openid-configuration`,
    state,
    launchClaims,
    agsClaim,
    nrpsClaim,
    resourceLinkClaims,
    gradeBook,
    sign,
    /** A new key under a new kid replaces the old one in the JWKS. */
    async rotateKey(kid: string) {
      state.key = await makeKey(kid);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
