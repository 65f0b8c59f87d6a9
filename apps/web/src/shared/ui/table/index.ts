export {
  Table,
  SEARCH_MIN_LENGTH,
  type TableColumn,
  type TableProps,
  type TableRow,
} from './table';
export {
  initialTableState,
  toListQuery,
  useTableState,
  type TableBinding,
  type TableState,
} from './table-state';
