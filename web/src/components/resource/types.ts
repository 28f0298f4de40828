/** Shapes the resource routes exchange (docs/api-contract.md, "Resource routes"). */

/** One row as the server sends it: visible fields plus id, audit columns, version and `<ref>Label`s. */
export interface Row {
  id: string;
  version?: number;
  createdAt?: string;
  updatedAt?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  [field: string]: unknown;
}

export interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

export type Filters = Record<string, unknown>;

export interface ListBody {
  page: number;
  size: number;
  sort?: SortSpec;
  filters?: Filters;
  parentId?: string;
}

export interface ListResult {
  content: Row[];
  total: number;
  /** the server stopped counting (large tables): `total` is a lower bound */
  totalCapped?: boolean;
}

/** An attachment as stored in a `file` field: `[{ id, name }]`. */
export interface FileRef {
  id: string;
  name: string;
}

/** An entry of the code table (`GET /admin/dict/getAll`). */
export interface DictEntry {
  id?: string | number;
  type: string;
  name: string;
  value: string;
  pid?: string | number | null;
  orderNum?: number | null;
  enabled?: boolean;
}

/** A node of the region tree (`GET /admin/region/province`). */
export interface RegionNode {
  id: string;
  name: string;
  children?: RegionNode[];
}

export interface ImportError {
  row: number;
  field: string;
  message: string;
}

/** `GET …/import/progress/{jobId}` while an import runs (null before it starts). */
export interface ImportProgress {
  done: number;
  total: number;
  finished: boolean;
  /** what the server is doing: 排队 → 读取文件 → 校验 → 写入 → 完成 */
  stage?: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  errors: ImportError[];
  /** every error of the file (only the first of them are listed) and every refused row */
  errorCount?: number;
  badRows?: number;
}

/** Lookups a value formatter needs from the dictionary and region caches. */
export interface FormatContext {
  dictName: (type: string, value: string) => string;
  regionName: (code: string) => string;
}
