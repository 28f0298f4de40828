/**
 * A table the whole session reads and keeps (the code table, the region tree): one query fetched as the shell signs in
 * (app/session.ts) and never stale; `silent`, as the sign-in sequence is what reports one that fails to load.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { request } from '../../api/request';

export const sessionQuery = <T, K extends QueryKey>(queryKey: K, url: string) => queryOptions({
  queryKey,
  queryFn: () => request<T>({ url, method: 'get', silent: true }),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
});
