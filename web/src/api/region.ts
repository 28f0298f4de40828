/** 行政区划 calls; the region tree every page reads is one query (components/resource/useRegions.ts). Answers: core's answers/shell.ts. */
import type { Wire, shellAnswers } from '@dg/core';
import { get } from './request.ts';

export type { RegionNode } from '@dg/core';

/** every province */
export const getAllProvinces = () => get<Wire<typeof shellAnswers.regions>>('/admin/region/province', { flag: 0, isAll: 1 });
/** the streets of one district */
export const getStreets = (parent: string) => get<Wire<typeof shellAnswers.regions>>('/admin/region/province', { parent });
export const getAreaCode = () => get<Wire<typeof shellAnswers.areaCode>>('/admin/region/getAreaCode');
