import { QueryClient } from '@tanstack/react-query';
import { toHttpError } from './http-errors';

/** TanStack Query for server state. Retries only what a retry can fix: network failures. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 2 && toHttpError(error).kind === 'network',
    },
    mutations: { retry: false },
  },
});
