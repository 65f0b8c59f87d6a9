import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  catalogueEndpoints,
  type DynamicTariffDto,
  type IspTariffDto,
  type UnlimTariffDto,
} from '@proxy/contract';
import { call } from '../../../shared/api/http-client';
import { CATALOGUE_STALE_MS } from './catalogue-cache';

/** GET /tariffs?type=1 (Base) or 4 (Premium): those types answer dynamic tariffs. */
export const dynamicTariffsQueryOptions = (type: 1 | 4) =>
  queryOptions({
    queryKey: ['tariffs', type],
    queryFn: ({ signal }) =>
      call(catalogueEndpoints.listTariffs, { query: { type }, signal }).then((r) => {
        const rows: (DynamicTariffDto | IspTariffDto | UnlimTariffDto)[] = r.data;
        return rows.filter((row): row is DynamicTariffDto => 'per_gb' in row);
      }),
    staleTime: CATALOGUE_STALE_MS,
  });
export const useDynamicTariffs = (type: 1 | 4) => useQuery(dynamicTariffsQueryOptions(type));
