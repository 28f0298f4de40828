/** 行政区划 calls; the client cache lives in store/region.ts. */
import { get } from './request.ts';

export interface RegionNode {
  id: string;
  name: string;
  children?: RegionNode[];
}

/** the configured province: province → city → district */
export const getProvince = (silent = true) => get<RegionNode[]>('/admin/region/province', undefined, { silent });
/** every province */
export const getAllProvinces = () => get<RegionNode[]>('/admin/region/province', { flag: 0, isAll: 1 });
/** the streets of one district */
export const getStreets = (parent: string) => get<RegionNode[]>('/admin/region/province', { parent });
export const getAreaCode = () => get<{ code: string; name: string }>('/admin/region/getAreaCode');
