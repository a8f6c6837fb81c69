import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

/** The id of the request the current code runs for, if any: jobs it enqueues carry it into their logs. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
