/**
 * 运单统计's drill-down list: the waybills (or abnormal findings) a figure counts, the drill in the query string
 * as JSON so a link can be shared. Kept free of antd: the route table imports it.
 */
import type { StatDrill } from '@dg/core/stats';

export const STAT_WAYBILLS_PATH = '/waybillStatistics/waybills';
/** the statistic pages keep their filters, the drill list its drill, in this search parameter */
export const STAT_PARAM = 'f';

export const statWaybillsPath = (drill: StatDrill) => `${STAT_WAYBILLS_PATH}?${STAT_PARAM}=${encodeURIComponent(JSON.stringify(drill))}`;
