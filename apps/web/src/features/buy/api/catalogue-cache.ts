import { queryOptions } from '@tanstack/react-query';
import type { Endpoint } from '@proxy/contract';
import type { z } from 'zod';
import { call } from '../../../shared/api/http-client';

/** Catalogue reads (tariffs, locations) change rarely: one minute of freshness. */
export const CATALOGUE_STALE_MS = 60_000;
/** ISP stock (free addresses per country) moves with every purchase. */
export const ISP_STOCK_STALE_MS = 10_000;

/** A catalogue endpoint that answers its rows as `{ data }`. */
type RowsEndpoint<Row> = Endpoint & { response: z.ZodType<{ data: Row[] }> };

/** The rows of a catalogue list, fresh for `staleTime`. */
export const catalogueRowsQueryOptions = <Row>(
  queryKey: readonly string[],
  endpoint: RowsEndpoint<Row>,
  staleTime = CATALOGUE_STALE_MS,
) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => (await call(endpoint, { signal })).data,
    staleTime,
  });
