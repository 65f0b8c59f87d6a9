import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PagedResponse } from '@proxy/contract';
import { useErrorAlert } from '../../../shared/ui';
import { Table, type TableProps } from '../../../shared/ui/table';

export type LedgerTableProps<T> = Omit<TableProps<T>, 'rows' | 'total' | 'isLoading'> & {
  query: Pick<UseQueryResult<PagedResponse<T>>, 'data' | 'isError' | 'isFetching'>;
};

/** A paged list query shown in the shared table, with the spec's load-failure alert and line. */
export const LedgerTable = <T,>({ query, ...props }: LedgerTableProps<T>) => {
  const { t } = useTranslation('profile');
  const failure = t('errors.transaction_table');
  useErrorAlert(query.isError, failure);
  return (
    <>
      {query.isError && <p className="field__error">{failure}</p>}
      <Table<T>
        {...props}
        rows={query.data?.data ?? []}
        total={query.data?.meta.total ?? 0}
        isLoading={query.isFetching}
      />
    </>
  );
};
