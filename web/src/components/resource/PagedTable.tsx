/**
 * The table of every server-paged list, on ProTable's model: a list says how it reads a page (`request`, the server's
 * `{ content, total, totalCapped }`) and, per column, how a value shows (`valueEnum`: a value's text and tag colour;
 * `valueType`: a time); `usePagedList` keeps page, size, sort and search in useListState (the URL for a list of its own
 * screen) and reads the page, and `PagedTable` draws it: the pager (listPagination: sizes, 共 n+ 条 where the count was
 * capped), server sorting, the loading state, the empty text (加载失败 when the read failed), and the rows as cards on a
 * phone (ListTable). A page emptied by writes steps back to the new last page; the same search again reads anew.
 * The search form stays the screen's own: it reads `list.filters` and calls `list.search(filters)`.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Tag, type TableColumnType, type TableProps } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { WorkflowDef } from '@dg/core';
import ListTable from './ListTable';
import { listPagination, type PagerInput } from './pagination';
import { useListState } from './useListState';
import { formatDateTime } from './format';
import type { Filters, SortSpec } from './types';

/** what a list asks the server for */
export interface PageRequest { page: number; size: number; sort?: SortSpec; filters: Filters }
/** what the server answers (platform/paged.ts) */
export interface PageAnswer<T> { content: T[]; total: number; totalCapped?: boolean }

export interface PagedListOptions<T, A extends PageAnswer<T> = PageAnswer<T>> {
  /** true: page, size, sort and search in the URL (a list of its own screen); false: in the component (inside a detail) */
  inUrl?: boolean;
  defaultSort?: SortSpec;
  /** the query's key for a request (lists are refreshed by their keys' prefixes) */
  queryKey: (req: PageRequest) => QueryKey;
  /** a page; what the answer carries beside it (a list's own figures) is the screen's to read from `list.query.data` */
  request: (req: PageRequest) => Promise<A>;
  /** filters the screen fixes: sent with every request, never in the URL; when they change the list starts again from its first page */
  fixed?: Filters;
  /** false: nothing to read yet (an incomplete link) */
  enabled?: boolean;
  /** resource keys beside the list's own whose changes refresh it (app/live.ts) */
  live?: string[];
  /** read again every so many ms (a board of what is on the road now); such refreshes, and the live ones, show no spinner */
  poll?: number;
}

/** a server-paged list's state and its page, for PagedTable and the screen's search form and toolbar */
export function usePagedList<T, A extends PageAnswer<T> = PageAnswer<T>>(key: string, o: PagedListOptions<T, A>) {
  const [state, setList] = useListState(key, { inUrl: o.inUrl ?? true, defaultSort: o.defaultSort });
  const { page, size, sort, filters } = state;
  const fixedKey = JSON.stringify(o.fixed ?? {});
  const req = useMemo<PageRequest>(() => ({ page, size, sort, filters: { ...filters, ...(JSON.parse(fixedKey) as Filters) } }), [page, size, sort, filters, fixedKey]);
  const query = useQuery({ queryKey: o.queryKey(req), queryFn: () => o.request(req), placeholderData: keepPreviousData, enabled: o.enabled ?? true,
    ...(o.live?.length ? { meta: { live: o.live } } : {}), ...(o.poll ? { refetchInterval: o.poll } : {}) });
  const rows = useMemo(() => query.data?.content ?? [], [query.data]);
  const total = query.data?.total ?? 0;

  // other fixed filters (another enterprise's documents) are another list: from its first page
  const shownFixed = useRef(fixedKey);
  useEffect(() => {
    if (shownFixed.current === fixedKey) return;
    shownFixed.current = fixedKey;
    setList({ page: 1 });
  }, [fixedKey, setList]);

  // deleting or moving on the last row of the last page leaves an empty page: step back to the new last one
  useEffect(() => {
    if (query.data && rows.length === 0 && total > 0 && page > 1) setList({ page: Math.max(1, Math.ceil(total / size)) });
  }, [query.data, rows.length, total, page, size, setList]);

  const { refetch } = query;
  /** the search form's filters, from the first page; the same search again still means "show me the latest" */
  const search = useCallback((next: Filters) => {
    if (page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void refetch();
    setList({ filters: next, page: 1 });
  }, [page, filters, refetch, setList]);

  return { page, size, sort, filters, setList, search, query, rows, total, request: req, quiet: Boolean(o.poll) };
}
export type PagedList<T, A extends PageAnswer<T> = PageAnswer<T>> = ReturnType<typeof usePagedList<T, A>>;

/** how a value shows in a tag: its text (the value itself unless given) and colour */
export interface ValueEnumEntry { text?: ReactNode; color?: string }

/** a column of a paged list: antd's, and how its value shows (the column's `render` wins over both) */
export type PagedColumn<T> = TableColumnType<T> & {
  /** a value shown as a tag: its text and colour by value (a string is the colour); an unknown value as it is */
  valueEnum?: Record<string, ValueEnumEntry | string>;
  /** the valueEnum tags' test id (what a journey finds them by) */
  tagTestId?: string;
  /** a time: 'dateTime' YYYY-MM-DD HH:mm:ss, 'minute' YYYY-MM-DD HH:mm */
  valueType?: 'dateTime' | 'minute';
  /** `sorter: true` sorts on the server by the column's key */
};

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** the antd column of a declared one: its value's rendering, and the sort order the list is in */
function columnOf<T>(c: PagedColumn<T>, sort: SortSpec | undefined): TableColumnType<T> {
  const { valueEnum, valueType, tagTestId, ...col } = c;
  if (col.sorter) col.sortOrder = sort && sort.field === String(col.key ?? col.dataIndex) ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
  if (col.render) return col;
  if (valueEnum) {
    col.render = (v: unknown) => {
      if (blank(v)) return '-';
      const e = valueEnum[String(v)];
      const entry = typeof e === 'string' ? { color: e } : e;
      return entry ? <Tag color={entry.color} data-testid={tagTestId}>{entry.text ?? String(v)}</Tag> : String(v);
    };
  } else if (valueType) {
    col.render = (v: unknown) => (blank(v) ? '' : valueType === 'minute' ? formatDateTime(v).slice(0, 16) : formatDateTime(v));
  }
  return col;
}

/** a workflow's states as a column's valueEnum: each state's tag in its declared colour */
export const stateEnum = (wf: WorkflowDef | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(wf?.states ?? {}).map(([state, def]) => [state, def.color ?? 'default']));

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'loading' | 'onChange'> {
  list: PagedList<T>;
  columns: PagedColumn<T>[];
  /** what an empty list says (antd's 暂无数据 unless given) */
  emptyText?: ReactNode;
  /** the pager's total in other words than 条 (`家企业`), and a small pager without size changer for a panel beside a screen's list */
  pager?: Pick<PagerInput, 'unit' | 'compact'>;
  'data-testid'?: string;
}

export default function PagedTable<T extends object>({ list, columns, emptyText, pager, ...table }: PagedTableProps<T>) {
  const { page, size, sort, setList, query } = list;
  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.columnKey ? String(s.columnKey) : undefined;
    setList({ sort: field && s?.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined, page: 1 });
  };
  return (
    <ListTable<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      {...table}
      columns={columns.map((c) => columnOf(c, sort))}
      dataSource={list.rows}
      // a page or search being read; a quiet list's refreshes of the page it shows go unseen
      loading={query.isFetching && (!list.quiet || query.isPlaceholderData || !query.data)}
      onChange={onChange}
      locale={{ emptyText: query.isError ? '加载失败' : emptyText }}
      pagination={listPagination({ page, size, data: query.data, ...pager, onChange: (p, s) => setList({ page: p, size: s }) })}
    />
  );
}
