/**
 * The Google OAuth 2.0 token endpoint and the Classroom API, over plain fetch.
 * Base URLs come from configuration so tests can point them at a local stand-in.
 */
export type GoogleEndpoints = { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; classroomUrl: string };
export type GoogleTokens = { access_token: string; refresh_token: string | null; expires_at: number };

export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

const TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new GoogleApiError(res.status, `Google answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

export function createGoogleClient(endpoints: GoogleEndpoints) {
  async function token(params: Record<string, string>, now: number, previousRefresh: string | null): Promise<GoogleTokens> {
    const body = new URLSearchParams({ client_id: endpoints.clientId, client_secret: endpoints.clientSecret, ...params });
    const data = (await call(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!data.access_token) throw new GoogleApiError(502, 'Google returned no access token.');
    return {
      access_token: data.access_token,
      refresh_token: data.refresh_token ?? previousRefresh,
      expires_at: now + (data.expires_in ?? 3600),
    };
  }

  return {
    /** The consent page address for the web-server flow. */
    consentUrl(redirectUri: string, state: string): string {
      const url = new URL(endpoints.authUrl);
      url.search = new URLSearchParams({
        client_id: endpoints.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'https://www.googleapis.com/auth/classroom.courses.readonly https://www.googleapis.com/auth/classroom.coursework.students',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },

    /** Trades the authorization code for tokens. */
    exchangeCode: (code: string, redirectUri: string, now: number) =>
      token({ code, redirect_uri: redirectUri, grant_type: 'authorization_code' }, now, null),

    /** A fresh access token from the refresh token. */
    refresh: (refreshToken: string, now: number) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }, now, refreshToken),

    /** The user's ACTIVE courses where they teach. */
    async listTeachingCourses(accessToken: string): Promise<{ id: string; name: string }[]> {
      const url = new URL('/v1/courses', endpoints.classroomUrl);
      url.search = new URLSearchParams({ teacherId: 'me', courseStates: 'ACTIVE', pageSize: '100' }).toString();
      const data = (await call(url.toString(), { headers: { authorization: `Bearer ${accessToken}` } })) as {
        courses?: { id: string; name: string }[];
      };
      return (data.courses ?? []).map((c) => ({ id: String(c.id), name: String(c.name) }));
    },

    /** Creates a published assignment with a link and a due date (UTC). */
    async createCoursework(
      accessToken: string,
      courseId: string,
      work: { title: string; description: string; link: string; dueAt: number },
    ): Promise<{ id: string }> {
      const due = new Date(work.dueAt * 1000);
      const body = {
        title: work.title,
        description: work.description,
        materials: [{ link: { url: work.link } }],
        workType: 'ASSIGNMENT',
        state: 'PUBLISHED',
        dueDate: { year: due.getUTCFullYear(), month: due.getUTCMonth() + 1, day: due.getUTCDate() },
        dueTime: { hours: due.getUTCHours(), minutes: due.getUTCMinutes() },
      };
      const data = (await call(new URL(`/v1/courses/${encodeURIComponent(courseId)}/courseWork`, endpoints.classroomUrl).toString(), {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })) as { id?: string };
      if (!data.id) throw new GoogleApiError(502, 'Google returned no coursework id.');
      return { id: String(data.id) };
    },
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;
