import type { ErrorBody, MessageRef } from '@app/contract/errors';
import { clearTokens, getAccessToken, getCsrfCookie, setTokens } from './cookies.ts';
import { apiHeaders, takeEarlyGet } from './early-requests.ts';
import { signInPath } from './redirect.ts';

/** One error of the envelope, with the codes of its sentences (from `message_codes`) to translate by. */
export type ErrorItem = ErrorBody['errors'][number] & { codes?: readonly (MessageRef | null)[] };

/** The one error type every API call rejects with; screens branch on `status` and `errors`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ErrorItem[];
  /** True when the client already reacted (a 401 sent the user to sign-in), so no toast is needed. */
  readonly handled: boolean;

  constructor(status: number, errors: readonly ErrorItem[], handled = false) {
    super(errors.map((e) => ('message' in e ? e.message : e.messages.join(' '))).join(' ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.handled = handled;
  }

  /** The messages the server gave for one form field. */
  fieldMessages(field: string): string[] {
    return this.errors.flatMap((e) => ('field' in e && e.field === field ? e.messages : []));
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => 'code' in e && e.code === code);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in answers 401 for a wrong password; that must not bounce the user to /sign-in. */
  redirectOnUnauthorized?: boolean;
}

type UnauthorizedHandler = (signInUrl: string) => void;

let onUnauthorized: UnauthorizedHandler = (url) => window.location.assign(url);

/** The router registers itself here so a 401 navigates without a full page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

let csrfToken: string | undefined;
let csrfRequest: Promise<string> | undefined;

/** The CSRF token: the `csrftoken` cookie, fetched once from GET /api/csrf when the cookie is missing. */
async function ensureCsrfToken(refresh = false): Promise<string> {
  if (!refresh) {
    const fromCookie = getCsrfCookie();
    if (fromCookie) return fromCookie;
    if (csrfToken) return csrfToken;
  }
  csrfRequest ??= fetch('/api/csrf', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as { data?: { csrf_token?: string } } | null;
      const token = getCsrfCookie() ?? body?.data?.csrf_token ?? '';
      csrfToken = token || undefined;
      return token;
    })
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

function storeTokens(header: (name: string) => string | null) {
  const token = header('X-Access-Token');
  const expire = Number(header('X-Token-Expire'));
  if (token && Number.isFinite(expire)) setTokens(token, expire);
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The envelope's errors, checked against the contract; its schema (and zod) load with the first error, off the first load. */
async function parseErrors(body: unknown): Promise<ErrorItem[]> {
  const { ErrorBody } = await import('@app/contract/errors');
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return [];
  const codes = parsed.data.message_codes;
  return parsed.data.errors.map((error, index) => (codes?.[index] ? { ...error, codes: codes[index] } : error));
}

/** Sends one API call and resolves with the `data` of the envelope. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, options);
  } catch (error) {
    // A stale CSRF token (cookie expired or rotated) gets one fresh token and one retry.
    if (error instanceof ApiError && error.status === 403 && error.hasCode('csrf_failed') && method !== 'GET') {
      csrfToken = undefined;
      return send<T>(method, path, { ...options, refreshCsrf: true });
    }
    throw error;
  }
}

async function send<T>(method: Method, path: string, options: RequestOptions & { refreshCsrf?: boolean }): Promise<T> {
  const { body, signal, redirectOnUnauthorized = true, refreshCsrf = false } = options;
  const headers = apiHeaders();
  if (method !== 'GET') headers.set('X-CSRFToken', await ensureCsrfToken(refreshCsrf));

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    const early = method === 'GET' ? takeEarlyGet(path, signal) : undefined;
    response = await (early ?? fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, []);
  }
  storeTokens((name) => response.headers.get(name));

  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && redirectOnUnauthorized) {
      clearTokens();
      onUnauthorized(signInPath(currentPath()));
      throw new ApiError(401, await parseErrors(json), true);
    }
    throw new ApiError(response.status, await parseErrors(json));
  }
  return (json !== null && typeof json === 'object' && 'data' in json ? json.data : undefined) as T;
}

/**
 * POSTs a multipart form with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Same headers, token renewal, 401 handling and ApiError as every other call.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const csrf = await ensureCsrfToken();
  const accessToken = getAccessToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('X-CSRFToken', csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      storeTokens((name) => xhr.getResponseHeader(name));
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((json !== null && typeof json === 'object' && 'data' in json ? json.data : undefined) as T);
      } else if (xhr.status === 401) {
        clearTokens();
        onUnauthorized(signInPath(currentPath()));
        void parseErrors(json).then((errors) => reject(new ApiError(401, errors, true)));
      } else {
        void parseErrors(json).then((errors) => reject(new ApiError(xhr.status, errors)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, []));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
