import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })));

/**
 * ConfirmDialog for screens that show many possible confirmations but rarely open one (the
 * dashboard's cards): the dialog and Radix load when it first opens (issue 15, decision 026).
 * Closed, it renders nothing, as a closed ConfirmDialog does.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
