import { i18n, translateMessage } from '../i18n/index.ts';
import { ApiError } from './api-client.ts';
import { notify } from './notifications.ts';

/** The translated messages of a failed call, one per server message (spec §8). */
export function apiErrorMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.status === 0) return [i18n.t('errors.network')];
    const messages = error.errors.flatMap((item) =>
      'code' in item
        ? [translateMessage(item.message, item.code, item.codes?.[0])]
        : item.messages.map((m, index) => translateMessage(m, undefined, item.codes?.[index])),
    );
    return messages.length > 0 ? messages : [translateMessage(undefined)];
  }
  return [translateMessage(undefined)];
}

/** Shows one error toast per message, unless the client already handled the failure (401 redirect). */
export function notifyApiError(error: unknown) {
  if (error instanceof ApiError && error.handled) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  for (const message of apiErrorMessages(error)) notify({ severity: 'error', message });
}
