/** 代码表 (dictionary) calls; the code table every page reads is one query (components/resource/useDicts.ts). */
import { del, get, post, put } from './request.ts';

export interface DictEntry {
  id: string | number;
  /** dictionary type code, e.g. 'businessScope' */
  type: string;
  name: string;
  value: string;
  pid?: string | number | null;
  orderNum?: number | null;
  enabled?: boolean | null;
  children?: DictEntry[];
}

export const getDictTree = () => get<DictEntry[]>('/admin/dict/getTree');
export const addDict = (d: Partial<DictEntry>) => post<DictEntry>('/admin/dict/addDict', d);
export const updateDict = (d: Partial<DictEntry>) => put<DictEntry>('/admin/dict/updateDict', d);
export const deleteDict = (id: string | number) => del<null>('/admin/dict/deleteDict', { id });
