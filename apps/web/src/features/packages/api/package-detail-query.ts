import { queryOptions } from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { packagesQueryKey } from './package-mutation';

/**
 * The query of one family's panel data (`{ data }` of a detail endpoint), kept under the
 * packages key so every change of a package refreshes it.
 */
export const packageDetailQueryOptions = <E extends Endpoint>(
  family: string,
  endpoint: E,
  id: number,
) =>
  queryOptions({
    queryKey: [...packagesQueryKey, family, id] as const,
    queryFn: ({ signal }) =>
      call(endpoint, { params: { id }, signal }).then(
        (r) => (r as ResponseOf<E> & { data: unknown }).data as DataOf<E>,
      ),
    meta: { skipGlobalError: true },
  });

type DataOf<E extends Endpoint> = ResponseOf<E> extends { data: infer D } ? D : never;
