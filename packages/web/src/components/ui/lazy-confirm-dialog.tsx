import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

let loading: Promise<typeof import('./confirm-dialog.tsx')> | undefined;
/** Starts loading the dialog (and Radix's dialog) ahead of its first opening, e.g. when a menu that offers it opens. */
export function preloadConfirmDialog() {
  loading ??= import('./confirm-dialog.tsx');
  return loading;
}

const ConfirmDialog = lazy(() => preloadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));

/**
 * ConfirmDialog for screens that offer many confirmations but rarely open one (the dashboard's
 * cards): the dialog and Radix load when it first opens (issue 15, decision 029). Closed and never
 * opened, it renders nothing, as a closed ConfirmDialog does; once opened it stays mounted, so it
 * closes as ConfirmDialog does (the focus goes back where it came from).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
