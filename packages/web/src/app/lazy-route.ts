import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Code split per route: each screen is its own chunk, loaded on first visit. */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}
