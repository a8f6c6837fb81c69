import type { Db } from '../../db/database.ts';
import type { LtiPlatformRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { getPlatformAccessToken, PlatformTokenError } from './platform-token.ts';
import { LTI_LIMITS, LtiMessages, platformUrlRefusal, usablePlatformUrl } from './policy.ts';
import * as repo from './repository.ts';

/** Names and Role Provisioning Services 2.0 (issue 28): the launch claim, the scope, the media type. */
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** A roster larger than this many pages is not read further (a platform's page is typically 10–100 members). */
const MAX_PAGES = 200;
const TIMEOUT_MS = 10_000;

/** One member of a platform's roster, as much as the sync reads. */
export type RosterMember = {
  user_id: string;
  roles: string[];
  /** Active unless the platform says Inactive or Deleted. */
  active: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
};

/** A launch's NRPS claim: where the LMS course's roster is (stored on the context, for "Sync from LMS"). */
export async function recordNrpsEndpoint(deps: Pick<Deps, 'config'>, trx: Db, contextId: number, claims: Record<string, unknown>) {
  const claim = claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const url = usablePlatformUrl(claim?.context_memberships_url, deps.config.mode);
  if (url) await repo.setContextNrps(trx, contextId, url);
}

/** The `rel="next"` address of an HTTP Link header (RFC 8288), if any. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match?.[1] && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** The members of one roster page; members without a user id (or with one longer than LTI_LIMITS.id) are left out, an e-mail longer than LTI_LIMITS.email too. */
export function readMembers(body: unknown): RosterMember[] {
  const members = (body as { members?: unknown } | null)?.members;
  if (!Array.isArray(members)) return [];
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  return members.flatMap((raw): RosterMember[] => {
    const m = (raw ?? {}) as Record<string, unknown>;
    const userId = text(m.user_id);
    if (!userId || userId.length > LTI_LIMITS.id) return [];
    const status = text(m.status);
    const member: RosterMember = {
      user_id: userId,
      roles: Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [],
      active: status === undefined || status === 'Active',
    };
    for (const field of ['name', 'given_name', 'family_name', 'email'] as const) {
      const value = text(m[field]);
      if (value && (field !== 'email' || value.length <= LTI_LIMITS.email)) member[field] = value;
    }
    return [member];
  });
}

/**
 * The whole roster of an LMS course: each page with an access token for the NRPS scope (A's token
 * client), following `Link: rel="next"`. Every address must pass the platform URL rule.
 */
export async function fetchRoster(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  platform: LtiPlatformRow,
  url: string,
  signal?: AbortSignal,
): Promise<RosterMember[]> {
  let token: string;
  try {
    token = await getPlatformAccessToken(deps, platform, [NRPS_SCOPE]);
  } catch (error) {
    if (!(error instanceof PlatformTokenError)) throw error;
    deps.log.info({ reason: error.message, status: error.status }, 'LTI roster: no access token');
    throw new AppError('unavailable', LtiMessages.rosterUnreachable, 502);
  }
  const members: RosterMember[] = [];
  const seen = new Set<string>();
  let next: string | undefined = url;
  for (let page = 0; next !== undefined && page < MAX_PAGES; page += 1) {
    if (platformUrlRefusal(next, deps.config.mode) || seen.has(next)) break;
    seen.add(next);
    let res: Response;
    try {
      res = await fetch(next, {
        headers: { accept: MEMBERSHIP_TYPE, authorization: `Bearer ${token}` },
        redirect: 'error',
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The job stopped (shutdown, time limit, taken over): its own reason, not the LMS's.
      if (signal?.aborted) throw signal.reason;
      deps.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'LTI roster unreachable');
      throw new AppError('unavailable', LtiMessages.rosterUnreachable, 502);
    }
    if (!res.ok) {
      deps.log.info({ status: res.status }, 'LTI roster refused');
      throw new AppError('unavailable', LtiMessages.rosterUnreachable, 502);
    }
    members.push(...readMembers(await res.json().catch(() => null)));
    const link = nextLink(res.headers.get('link'));
    next = link === undefined ? undefined : new URL(link, next).toString();
  }
  return members;
}
