// A language file cut to one tier by the build (vite.config.ts `localeTiers`, tiers.ts).
declare module '*.json?tier=first' {
  const translation: Partial<typeof import('./en.json')['default']>;
  export default translation;
}
declare module '*.json?tier=rest' {
  const translation: Partial<typeof import('./en.json')['default']>;
  export default translation;
}
declare module '*.json?tier=messages' {
  const translation: Partial<typeof import('./en.json')['default']>;
  export default translation;
}
