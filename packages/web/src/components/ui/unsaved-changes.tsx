import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Leaving an editor with unsaved changes asks first (issue 24: Create Exercise and Edit Answers).
 * `confirmLeave(leave)` is for the editor's own ways out (Cancel, Escape, ×): it runs `leave` at
 * once when nothing is unsaved, else after the person chooses to discard. While `dirty`, leaving
 * the page (a link, the browser's back, a reload or closing the tab) asks too. Render `guard`.
 */
export function useUnsavedChanges(dirty: boolean): { confirmLeave: (leave: () => void) => void; guard: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirmLeave = (leave: () => void) => {
    if (dirty) setPending(() => leave);
    else leave();
  };
  const guard = (
    <>
      <LeaveDialog
        open={pending !== null}
        onStay={() => setPending(null)}
        onLeave={() => {
          const leave = pending;
          setPending(null);
          leave?.();
        }}
      />
      {/* Mounted only while dirty: a router allows one blocker at a time, and two editors may sit on one page. */}
      {dirty ? <NavigationGuard /> : null}
    </>
  );
  return { confirmLeave, guard };
}

/** Asks before the router leaves the page, and lets the browser ask before a reload or closing the tab. */
function NavigationGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={t('unsavedChanges.title')}
      message={t('unsavedChanges.message')}
      cancelLabel={t('unsavedChanges.stay')}
      confirmLabel={t('unsavedChanges.leave')}
      confirmVariant="danger"
      onConfirm={onLeave}
    />
  );
}
