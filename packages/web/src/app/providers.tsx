import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Notifications } from '../components/ui/notifications.tsx';
import { i18n } from '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';

/** Everything a screen may rely on: server state, translations and the toast outlet. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Notifications />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
