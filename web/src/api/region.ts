/** 行政区划 calls; the region tree every page reads is one query (components/resource/useRegions.ts). */
import { get } from './request.ts';

export interface RegionNode {
  id: string;
  name: string;
  children?: RegionNode[];
}

/** every province */
export const getAllProvinces = () => get<RegionNode[]>('/admin/region/province', { flag: 0, isAll: 1 });
/** the streets of one district */
export const getStreets = (parent: string) => get<RegionNode[]>('/admin/region/province', { parent });
export const getAreaCode = () => get<{ code: string; name: string }>('/admin/region/getAreaCode');
