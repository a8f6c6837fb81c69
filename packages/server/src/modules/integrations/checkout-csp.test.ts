import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../../test/helpers.ts';
import { checkoutCspSources, FASTSPRING_BUILDER_ORIGIN, storefrontOrigin } from './checkout-csp.ts';

const LIVE = {
  FASTSPRING_USERNAME: 'fs-user',
  FASTSPRING_PASSWORD: 'fs-pass',
  FASTSPRING_STOREFRONT: 'harmony.test.onfastspring.com/popup-harmony',
};

describe('the checkout content security policy', () => {
  it('reads the storefront origin as FastSpring writes storefronts (without a scheme)', () => {
    expect(storefrontOrigin('harmony.test.onfastspring.com/popup-harmony')).toBe('https://harmony.test.onfastspring.com');
    expect(storefrontOrigin('https://harmony.onfastspring.com/popup-harmony')).toBe('https://harmony.onfastspring.com');
    expect(storefrontOrigin('http://harmony.onfastspring.com/popup')).toBeUndefined();
    expect(storefrontOrigin('not a host/!')).toBeUndefined();
    expect(storefrontOrigin(undefined)).toBeUndefined();
  });

  it('adds nothing without FastSpring, and only the library without a storefront', () => {
    expect(checkoutCspSources({ fastspring: undefined })).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [] });
    const noStorefront = {
      apiUrl: 'https://api.fastspring.com',
      username: 'u',
      password: 'p',
      storefront: undefined,
      webhookSecret: undefined,
    };
    expect(checkoutCspSources({ fastspring: noStorefront })).toEqual({
      scriptSrc: [FASTSPRING_BUILDER_ORIGIN],
      connectSrc: [],
      frameSrc: [],
    });
  });
});

describe.each(dialects)('the Content-Security-Policy header (%s)', (dialect) => {
  let t: TestContext;
  afterEach(async () => {
    await t.close();
  });
  const policy = async () => {
    const res = await t.client().get('/api/languages');
    return Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;
  };

  it("stays 'self'-only for scripts, calls and frames without FastSpring (the test checkout)", async () => {
    t = await createTestApp(dialect);
    const csp = await policy();
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
  });

  it('allows the Store Builder Library and the storefront popup in live mode', async () => {
    t = await createTestApp(dialect, LIVE);
    const csp = await policy();
    expect(csp['script-src']).toEqual(["'self'", FASTSPRING_BUILDER_ORIGIN, 'https://harmony.test.onfastspring.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://harmony.test.onfastspring.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://harmony.test.onfastspring.com']);
    // Everything else keeps its strict value.
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });
});
