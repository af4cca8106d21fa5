import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retrying a 4xx only repeats the same answer; a dropped connection or a 5xx may pass next time. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
