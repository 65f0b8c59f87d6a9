export { Table, SEARCH_MIN_LENGTH, type TableColumn, type TableProps } from './table';
export {
  initialTableState,
  reduceTableState,
  toListQuery,
  useTableState,
  type TableAction,
  type TableState,
} from './table-state';
