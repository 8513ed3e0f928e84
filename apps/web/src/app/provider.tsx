import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/react-query.ts';
import type { QueryClient } from '@tanstack/react-query';

/** Everything the screens need around them: server state (translations: lib/i18n.ts; toasts: ToastHost). */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
    </QueryClientProvider>
  );
}
