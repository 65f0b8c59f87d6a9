import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints } from '@proxy/contract';
import { catalogueRowsQueryOptions } from './catalogue-cache';

export const unlimLocationsQueryOptions = () =>
  catalogueRowsQueryOptions(['unlim', 'locations'], catalogueEndpoints.listUnlimLocations);
export const useUnlimLocations = () => useQuery(unlimLocationsQueryOptions());
