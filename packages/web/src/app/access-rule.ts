import { isPublicPath, signInPath } from '../lib/redirect.ts';

export interface AccessLocation {
  pathname: string;
  search: string;
}

/**
 * The access rule of spec §2: without an access token every path but the public ones goes to
 * /sign-in, carrying the original path (unless it is / or /sign-out). Returns null to stay.
 */
export function accessRedirect(location: AccessLocation, hasAccessToken: boolean): string | null {
  if (hasAccessToken || isPublicPath(location.pathname)) return null;
  return signInPath(`${location.pathname}${location.search}`);
}
