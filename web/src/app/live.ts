/**
 * What changed, by resource key ('waybill', 'notice', a definition's key): the one way screens learn that data changed.
 * A query belongs to a key when its query key starts with it (`[key, 'list', body]`, `['waybill', 'queue', …]`) or when
 * it declares that it reads it — `meta: { live: ['waybill', 'notice'] }` on counts over several resources (the bell, the
 * board) or a detail that shows its sub-records' effects. A save invalidates the keys it wrote (`refreshAfterWrite`,
 * `useSave`'s refresh); the server's event stream invalidates the keys others changed (utils/serverEvents.ts).
 * Invalidated queries on screen refetch; the others refetch when next shown.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** the other resource keys whose changes this query's answer follows */
      live?: readonly string[];
    };
  }
}

/** whether a change of `key` concerns the query */
export const follows = (query: Pick<Query, 'queryKey' | 'meta'>, key: string): boolean =>
  (query.queryKey as QueryKey)[0] === key || (query.meta?.live?.includes(key) ?? false);

/**
 * Invalidate the queries of these keys. `remote`: a change someone else made — a fetch under way is let finish rather
 * than cancelled, since it may already include the change.
 */
export function invalidateKeys(queryClient: QueryClient, keys: readonly string[], opts: { remote?: boolean } = {}): Promise<void> {
  if (keys.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: (q) => keys.some((k) => follows(q, k)) }, { cancelRefetch: !opts.remote });
}
