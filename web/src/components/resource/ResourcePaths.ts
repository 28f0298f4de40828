/** Where a routed resource's pages are (no antd here: route tables import it). */
/** where a routed resource's list, edit and info pages are */
export interface ResourcePaths {
  list: string;
  /** `/<top>/<name>`: the route table registers `${base}/edit` and `${base}/info` */
  base: string;
  edit: (query?: Record<string, string>) => string;
  info: (id: string) => string;
}
/** `/<top>/<name>/edit` and `/<top>/<name>/info?id=` beside the list of its menu */
export const resourcePaths = (list: string, top: string, name: string): ResourcePaths => ({
  list,
  base: `/${top}/${name}`,
  edit: (query) => `/${top}/${name}/edit${query && Object.keys(query).length ? '?' + new URLSearchParams(query).toString() : ''}`,
  info: (id) => `/${top}/${name}/info?id=${encodeURIComponent(id)}`,
});
