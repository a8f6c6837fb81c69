import { GoogleErrorCode, type GoogleInfo, IntegrationMessages } from '@app/contract/integrations';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { hashSecret, newSecret } from '../../lib/random.ts';
import { filesSecret } from '../../storage/create-storage.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { CoursesService } from '../courses/service.ts';
import { createGoogleClient, GoogleApiError, type GoogleTokens } from './google-client.ts';
import * as repo from './repository.ts';
import { createSecretBox } from './secret-box.ts';

// A link is started and finished within minutes; the state and its browser cookie live this long.
export const STATE_SECONDS = 300;
/** The cookie that ties a link to the browser that started it (read only by /gc/callback). */
export const LINK_COOKIE = 'gc_link';
const DUE_MARGIN_SECONDS = 60;

export type GoogleService = ReturnType<typeof createGoogleService>;

const fromBase64 = (value: string) => Buffer.from(value, 'base64').toString('utf8');

/** Google Classroom: linking an account (OAuth web-server flow) and sending documents as coursework. */
export function createGoogleService(
  deps: Deps,
  collaborators: { auth: AuthService; courses: CoursesService; assignments: AssignmentsService },
) {
  const { db, clock, config, log } = deps;
  const google = config.google ? createGoogleClient(config.google) : undefined;
  const box = createSecretBox(filesSecret(config), 'google-tokens');
  const redirectUri = `${config.publicUrl}/gc/callback`;

  /** Only pages of this site may be returned to: no open redirect. */
  function safeReturnUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw, config.publicUrl);
    } catch {
      throw AppError.badRequest('re', IntegrationMessages.badReturnUrl);
    }
    if (url.origin !== new URL(config.publicUrl).origin) throw AppError.badRequest('re', IntegrationMessages.badReturnUrl);
    return url;
  }

  async function accessToken(userId: number): Promise<string | undefined> {
    if (!google) return undefined;
    const stored = await repo.findGoogleTokens(db, userId);
    if (!stored) return undefined;
    const tokens = JSON.parse(box.open(stored)) as GoogleTokens;
    if (tokens.expires_at > clock.now() + 60) return tokens.access_token;
    if (!tokens.refresh_token) return undefined;
    const fresh = await google.refresh(tokens.refresh_token, clock.now());
    await repo.saveGoogleTokens(db, userId, box.seal(JSON.stringify(fresh)), clock.now());
    return fresh.access_token;
  }

  return {
    configured: () => google !== undefined,
    /** The link cookie is Secure when the site is served over HTTPS. */
    secureCookies: config.publicUrl.startsWith('https://'),

    /**
     * Starts linking: `id` is the base64 session token (this is a top-level navigation,
     * so it carries no Authorization header), `re` the base64 page to come back to.
     */
    async startLink(reParam: string, idParam: string): Promise<{ consentUrl: string; browserSecret: string }> {
      if (!google) throw AppError.conflict(IntegrationMessages.googleNotConfigured);
      const session = await collaborators.auth.authenticate(fromBase64(idParam));
      if (!session) throw AppError.unauthenticated();
      const back = safeReturnUrl(fromBase64(reParam));
      const state = newSecret();
      // The state alone would let whoever started a link hand its consent page to someone else and
      // receive their Google account: the callback must also come from this browser and session.
      const browserSecret = newSecret();
      await repo.insertOauthState(db, {
        stateHash: hashSecret(state),
        userId: session.actor.user.id,
        sessionId: session.actor.session.id,
        browserHash: hashSecret(browserSecret),
        returnUrl: back.toString(),
        expiresAt: clock.now() + STATE_SECONDS,
      });
      return { consentUrl: google.consentUrl(redirectUri, state), browserSecret };
    },

    /**
     * Google's redirect back: store the tokens encrypted and return to the page with gc=1 (gc=0 when
     * refused). The state works once, within minutes, in the browser that started the link (its
     * cookie) and while the session that started it is still live.
     */
    async finishLink(query: { code?: string; state?: string; error?: string }, browserSecret: string | undefined): Promise<string> {
      if (!google) throw AppError.conflict(IntegrationMessages.googleNotConfigured);
      const now = clock.now();
      const pending = query.state ? await repo.takeOauthState(db, hashSecret(query.state), now) : undefined;
      if (!pending) throw AppError.badRequest('state', IntegrationMessages.linkExpired);
      const sameBrowser = browserSecret !== undefined && pending.browser_hash === hashSecret(browserSecret);
      const session = pending.session_id === null ? undefined : await collaborators.auth.findLiveSession(pending.session_id, now);
      if (!sameBrowser || session?.user_id !== pending.user_id) throw AppError.badRequest('state', IntegrationMessages.linkExpired);
      const back = new URL(pending.return_url);
      if (query.error || !query.code) {
        back.searchParams.set('gc', '0');
        return back.toString();
      }
      const tokens = await google.exchangeCode(query.code, redirectUri, clock.now());
      await repo.saveGoogleTokens(db, pending.user_id, box.seal(JSON.stringify(tokens)), clock.now());
      back.searchParams.set('gc', '1');
      return back.toString();
    },

    /** googleInfo: the user's ACTIVE teaching courses, an error code (spec §4) and the documents already sent. */
    async info(actor: Actor): Promise<GoogleInfo> {
      const disabled = await repo.sentDocumentIds(db, actor.user.id);
      if (!google) return { configured: false, linked: false, courses: [], error: GoogleErrorCode.general, disabled };
      let token: string | undefined;
      try {
        token = await accessToken(actor.user.id);
      } catch (error) {
        log.warn({ err: error }, 'google token refresh failed');
        token = undefined;
      }
      if (!token) return { configured: true, linked: false, courses: [], error: GoogleErrorCode.ok, disabled };
      try {
        const courses = await google.listTeachingCourses(token);
        return {
          configured: true,
          linked: true,
          courses,
          error: courses.length === 0 ? GoogleErrorCode.noCourses : GoogleErrorCode.ok,
          disabled,
        };
      } catch (error) {
        const code =
          error instanceof GoogleApiError && (error.status === 401 || error.status === 403)
            ? GoogleErrorCode.permission
            : GoogleErrorCode.general;
        log.warn({ err: error }, 'google classroom courses failed');
        return { configured: true, linked: true, courses: [], error: code, disabled };
      }
    },

    /** Sends one document of a course with an LMS type to a Classroom course as an assignment due with its set. */
    async submit(actor: Actor, input: { course: string; doc: number; title: string; desc: string }) {
      // Access first: whether Google is set up here is nobody's business but the course's instructor.
      const doc = await collaborators.assignments.findDocument(input.doc);
      if (!doc) throw AppError.notFound();
      const { row: course } = await collaborators.courses.requireCourseAccess(actor, doc.course_id, {
        need: 'instruct',
        forbidden: IntegrationMessages.submitFailed,
      });
      if (!google) throw AppError.conflict(IntegrationMessages.googleNotConfigured);
      if (!course.lms_type) throw AppError.conflict(IntegrationMessages.noLms);
      if (doc.due_at <= clock.now() + DUE_MARGIN_SECONDS) throw AppError.badRequest('due_at', IntegrationMessages.pastDue);
      const token = await accessToken(actor.user.id).catch(() => undefined);
      if (!token) throw AppError.conflict(IntegrationMessages.googleNotLinked);
      const link = `${config.publicUrl}/student/course/${doc.course_id}`;
      try {
        const work = await google.createCoursework(token, input.course, {
          title: input.title,
          description: input.desc,
          link,
          dueAt: doc.due_at,
        });
        await repo.insertCoursework(db, {
          userId: actor.user.id,
          documentId: doc.id,
          gcCourseId: input.course,
          courseworkId: work.id,
          now: clock.now(),
        });
        return { coursework_id: work.id, link };
      } catch (error) {
        log.warn({ err: error }, 'google coursework failed');
        throw new AppError('conflict', IntegrationMessages.submitFailed, 502);
      }
    },
  };
}
