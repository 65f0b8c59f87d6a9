import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { catalogueRowsQueryOptions } from './catalogue-cache';

export const unlimTariffsQueryOptions = () =>
  catalogueRowsQueryOptions(['unlim', 'tariffs'], catalogueEndpoints.listUnlimTariffs);
export const useUnlimTariffs = () => useQuery(unlimTariffsQueryOptions());
