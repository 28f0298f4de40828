/**
 * The request shapes every route shares, defined once: ids (UUIDs), the list body with its one page-size cap.
 * Route files import these instead of writing their own: copies drift (to page-size caps of 100 here, 500 there).
 */
import { z } from 'zod';

/** a row id: a UUID of any version (rows of the waybill area are v7, see modules/waybill/common.ts) */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_RE.test(s);
/** `:id` of info, update and delete routes */
export const idParam = z.object({ id: z.string().regex(UUID_RE, '参数id格式不正确') });

/** the most rows one page may ask for (the export is for more) */
export const MAX_PAGE_SIZE = 500;
export const pageFields = {
  page: z.coerce.number().int().min(1, '页码不正确').optional(),
  size: z.coerce.number().int().min(1, '每页条数不正确').max(MAX_PAGE_SIZE, `每页条数不能超过${MAX_PAGE_SIZE}`).optional(),
};
/** POST …/list: page, size, an optional sort and the screen's filters (each route checks the filters it reads) */
export const listBody = z.object({
  ...pageFields,
  sort: z.object({ field: z.string(), order: z.enum(['asc', 'desc']) }).nullish(),
  filters: z.record(z.string(), z.unknown()).optional(),
}).passthrough();
export type ListBody = z.infer<typeof listBody>;
