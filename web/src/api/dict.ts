/** 代码表 (dictionary) calls; the code table every page reads is one query (components/resource/useDicts.ts). Answers: core's answers/shell.ts and answers/admin.ts. */
import type { Wire, adminAnswers, shellAnswers } from '@dg/core';
import { del, get, post, put } from './request.ts';

export type { DictEntry } from '@dg/core';
/** what 代码表 writes of an entry (a root entry, pid null, is a dictionary type whose value is its code) */
export interface DictInput { name: string; value: string; pid?: string | null; orderNum?: number; enabled?: boolean }

export const getDictTree = () => get<Wire<typeof shellAnswers.dictTree>>('/admin/dict/getTree');
export const addDict = (d: DictInput) => post<Wire<typeof adminAnswers.dict>>('/admin/dict/addDict', d);
export const updateDict = (d: DictInput & { id: string; version: number }) => put<Wire<typeof adminAnswers.dict>>('/admin/dict/updateDict', d);
export const deleteDict = (id: string) => del<Wire<typeof adminAnswers.done>>('/admin/dict/deleteDict', { id });
