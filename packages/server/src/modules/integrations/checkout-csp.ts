import type { Config } from '../../config.ts';

/** Where FastSpring's Store Builder Library is served from (the version the web app loads). */
export const FASTSPRING_BUILDER_ORIGIN = 'https://d1f8f9xcsvx3ha.cloudfront.net';

/**
 * The Content-Security-Policy sources FastSpring's popup checkout needs in live mode: its library
 * script, and the storefront origin that it calls and frames. Nothing without FastSpring
 * configuration, so the embedded default keeps the strict 'self'-only policy.
 */
export function checkoutCspSources(config: Pick<Config, 'fastspring'>): { scriptSrc: string[]; connectSrc: string[]; frameSrc: string[] } {
  if (!config.fastspring) return { scriptSrc: [], connectSrc: [], frameSrc: [] };
  const storefront = storefrontOrigin(config.fastspring.storefront);
  const origins = storefront ? [storefront] : [];
  return { scriptSrc: [FASTSPRING_BUILDER_ORIGIN, ...origins], connectSrc: origins, frameSrc: origins };
}

/** 'store.onfastspring.com/popup-store' (FastSpring writes storefronts without a scheme) → 'https://store.onfastspring.com'. */
export function storefrontOrigin(storefront: string | undefined): string | undefined {
  if (!storefront) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(storefront) ? storefront : `https://${storefront}`);
    return url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
