/**
 * The pager of every server-paged list: sizes 10/20/50/100, size changer and quick jumper, the total with a "+" when
 * the server capped its count (COUNT_CAP), and a size change going back to page 1.
 */
import type { TablePaginationConfig } from 'antd';

export const PAGE_SIZES = [10, 20, 50, 100];

export interface PagerInput {
  page: number;
  size: number;
  /** the list answer: its total and whether that total was capped */
  data?: { total?: number; totalCapped?: boolean } | null;
  onChange: (page: number, size: number) => void;
  /** what the total counts (条 unless given) */
  unit?: string;
  /** a small pager without size changer and jumper (a panel beside a screen's main list) */
  compact?: boolean;
}

export function listPagination({ page, size, data, onChange, unit = '条', compact }: PagerInput): TablePaginationConfig {
  return {
    current: page,
    pageSize: size,
    total: data?.total ?? 0,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: !compact,
    showQuickJumper: !compact,
    ...(compact ? { size: 'small' as const } : {}),
    showTotal: (n) => `共 ${n}${data?.totalCapped ? '+' : ''} ${unit}`,
    onChange: (p, s) => (s !== size ? onChange(1, s) : onChange(p, s)),
  };
}
