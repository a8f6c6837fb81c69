/** External sites linked from the shared header (spec §1); the one place to change them. */
export const SITE_LINKS = [
  { key: 'marketing', href: 'https://www.harmonytheory.com/' },
  { key: 'blog', href: 'https://blog.harmonytheory.com/' },
  { key: 'videos', href: 'https://www.youtube.com/@harmonytheory' },
  { key: 'support', href: 'https://support.harmonytheory.com/' },
] as const;

export type SiteLinkKey = (typeof SITE_LINKS)[number]['key'];
