import type { z } from 'zod';
import type { locationOptionSchema } from '@proxy/contract';
import { queryOptions } from '@tanstack/react-query';

export type LocationOption = z.infer<typeof locationOptionSchema>;

/** The form's option lists change only with the exits: kept a minute, shared by every form. */
export const locationQueryOptions = <T>(
  level: string,
  params: Record<string, string | null>,
  fetch: (signal: AbortSignal) => Promise<T>,
  isEnabled = true,
) =>
  queryOptions({
    queryKey: ['proxy-list-locations', level, params] as const,
    queryFn: ({ signal }) => fetch(signal),
    staleTime: 60_000,
    enabled: isEnabled,
    meta: { skipGlobalError: true },
  });
