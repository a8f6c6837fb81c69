/*
 * react-i18next imports `use-sync-external-store/shim`, a stand-in for React < 18 that defers to
 * React's own hook when there is one. React 19 has it, so the build points that import here
 * (vite.config.ts) and the first load does not carry the shim (issue 15).
 */
export { useSyncExternalStore } from 'react';
