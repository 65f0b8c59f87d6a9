import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The selected tab kept in `?tab=` (shareable links, back button keeps history clean with
 * `replace`). `parse` turns the raw value into a valid index; writes store the index.
 */
export const useTabParam = (
  parse: (value: string | null) => number,
): [number, (index: number) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  const setTab = useCallback(
    (index: number) =>
      setSearchParams(
        (params) => {
          params.set('tab', String(index));
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [parse(searchParams.get('tab')), setTab];
};
