/**
 * 数据融合比对: the classes a comparison gives, the weights of a pair's score and the thresholds between the classes.
 * The comparison itself is one set of SQL statements on the server (modules/fusion/compare.ts); these are the words and
 * numbers it and the screens share.
 *
 * A pair (an external record, a waybill with the record's plate as tractor or trailer whose time overlaps the record's
 * within the tolerance set in 参数设置) scores out of 100:
 * - plate: 50 when the record's plate is the waybill's tractor, 30 when it is only its trailer;
 * - time: 30 when the record's time lies within the waybill's (起运日期 to 完成), less in proportion as it lies outside,
 *   down to 0 at the tolerance;
 * - place: 20 when the record's region is in the city of the waybill's 起运地 or 目的地.
 * The record takes its best-scoring waybill: 100 is 匹配, anything less 部分匹配 with the reasons; a record without a
 * waybill is 疑似无运单运输; a waybill of the period and region that no record reached is 运单无外部记录.
 */
export const FUSION_KINDS = ['卡口通行', 'GPS轨迹', '外部运单'] as const;
export type FusionKind = (typeof FUSION_KINDS)[number];

export const FUSION_CLASSES = ['匹配', '部分匹配', '疑似无运单运输', '运单无外部记录'] as const;
export type FusionClass = (typeof FUSION_CLASSES)[number];

export const FUSION_SCORE = { plate: 50, trailerOnly: 30, time: 30, place: 20 } as const;
export const FUSION_FULL_SCORE = FUSION_SCORE.plate + FUSION_SCORE.time + FUSION_SCORE.place;

/** the reasons a pair is only 部分匹配 */
export const FUSION_REASONS = { trailerOnly: '仅挂车号牌一致', timeOff: '时间不在运单期间内', placeOff: '地点与起运地、目的地不符' } as const;

export const FUSION_TASK_STATES = ['待运行', '运行中', '已完成', '已取消', '失败'] as const;
export type FusionTaskState = (typeof FUSION_TASK_STATES)[number];

/** the abnormal waybill a suspected 无运单运输 becomes: its rule and source on 异常运单 */
export const FUSION_ABNORMAL_RULE = '疑似无运单运输';
export const FUSION_ABNORMAL_SOURCE = '数据融合';
