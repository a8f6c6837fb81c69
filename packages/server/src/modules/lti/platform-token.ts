import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { LtiPlatformRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { platformUrlRefusal } from './policy.ts';
import { currentToolKey } from './tool-keys.ts';

/**
 * The platform's OAuth 2.0 token endpoint, for the LTI Advantage services (AGS scores, NRPS
 * rosters): a client-credentials grant whose client is authenticated by a JWT the tool signs
 * with its current key (IMS Security Framework §4.1, RFC 7523). Tokens are cached per platform
 * and scope set until shortly before they expire.
 */

/** How long the client assertion is valid: it is used at once. */
const ASSERTION_SECONDS = 300;
/** A cached token is given up this long before the platform says it expires. */
const EXPIRY_MARGIN_SECONDS = 60;
/** When the platform names no lifetime, the token is kept this long (LTI platforms give an hour). */
const DEFAULT_TOKEN_SECONDS = 3600;
const TIMEOUT_MS = 10_000;

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The platform's token endpoint refused or failed; `status` is its HTTP status (0 when unreachable). */
export class PlatformTokenError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlatformTokenError';
  }
}

type Cached = { token: string; expiresAt: number };
/** Per database (one app, or one test's app), per platform and scope set. */
const caches = new WeakMap<object, Map<string, Cached>>();

type TokenPlatform = Pick<LtiPlatformRow, 'id' | 'issuer' | 'client_id' | 'token_url'>;

function cacheFor(deps: Pick<Deps, 'db'>): Map<string, Cached> {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = new Map();
    caches.set(deps.db, cache);
  }
  return cache;
}

const cacheKey = (platform: TokenPlatform, scopes: readonly string[]) =>
  JSON.stringify([platform.id, platform.issuer, platform.client_id, platform.token_url, [...new Set(scopes)].sort()]);

/**
 * An access token for `scopes` from the platform's token endpoint: the cached one while it has
 * more than a minute left, else a new one (client credentials, signed client assertion with a
 * fresh `jti`). The token URL must be https (loopback http only outside production mode).
 */
export async function getPlatformAccessToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  platform: TokenPlatform,
  scopes: string[],
): Promise<string> {
  const cache = cacheFor(deps);
  const key = cacheKey(platform, scopes);
  const now = deps.clock.now();
  const cached = cache.get(key);
  if (cached && cached.expiresAt - EXPIRY_MARGIN_SECONDS > now) return cached.token;
  cache.delete(key);

  if (platformUrlRefusal(platform.token_url, deps.config.mode))
    throw new PlatformTokenError(`The platform's token URL is not allowed in ${deps.config.mode} mode: ${platform.token_url}`, 0);
  const { kid, privateJwk } = await currentToolKey(deps);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.token_url)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_SECONDS)
    .setJti(randomUUID())
    .sign(await importJWK(privateJwk, 'RS256'));
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: assertion,
    scope: [...new Set(scopes)].join(' '),
  });
  let res: Response;
  try {
    res = await fetch(platform.token_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PlatformTokenError(`The platform's token endpoint could not be reached: ${String(error)}`, 0);
  }
  const text = await res.text();
  if (!res.ok) throw new PlatformTokenError(`The platform's token endpoint answered ${res.status}: ${text.slice(0, 300)}`, res.status);
  let body: { access_token?: unknown; expires_in?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new PlatformTokenError(`The platform's token endpoint answered something other than JSON: ${text.slice(0, 300)}`, res.status);
  }
  if (typeof body.access_token !== 'string' || body.access_token.length === 0)
    throw new PlatformTokenError("The platform's token endpoint answered no access_token.", res.status);
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_TOKEN_SECONDS;
  cache.set(key, { token: body.access_token, expiresAt: now + lifetime });
  return body.access_token;
}

/** Forgets a cached token the platform no longer takes (it answered 401 to it), so the next call gets a new one. */
export function forgetPlatformAccessToken(deps: Pick<Deps, 'db'>, platform: TokenPlatform, scopes: string[]): void {
  cacheFor(deps).delete(cacheKey(platform, scopes));
}
