/**
 * 数据融合比对 (API area 'sjrh', government side): external records imported from other systems — highway checkpoint
 * passages, GPS trips, another platform's waybills — and the comparison tasks that align them with the waybills, with
 * their results. The records' plates are held in the platform's one form (`normalisePlate`, through the plate rule), so
 * an import from a system writing ＡＢ or 挂车 finds the same waybills. The rules of the comparison are ../fusion.ts.
 */
import { resource, text, datetime, date, integer, enumOf, ref, region } from '../resource.ts';
import type { WorkflowDef } from '../workflow.ts';
import { FUSION_CLASSES, FUSION_KINDS, FUSION_TASK_STATES } from '../fusion.ts';

export const fusionRecord = resource({
  key: 'fusionRecord', area: 'sjrh', menu: 'fusionImportManager', readMenus: ['gsjzxManager'], title: '外部数据', scope: 'org',
  table: 'fusion_record', labelField: 'plateNo', importable: true, writableBy: ['government', 'platform'], defaultSort: { field: 'startTime', order: 'desc' },
  // a province's checkpoints pass a million trucks in a few days: one csv of them is one import
  csvImportRows: 2_000_000,
  fields: {
    kind: enumOf('数据类型', [...FUSION_KINDS], { required: true, column: true, search: 'eq', max: 8, index: false }),
    plateNo: text('车牌号码', { required: true, rule: 'plate', max: 12, column: true, search: 'eq' }),
    trailerPlateNo: text('挂车号牌', { rule: 'plate', max: 12, column: true }),
    startTime: datetime('开始时间', { required: true, column: true, search: 'range', sort: true, help: '卡口通行为通行时间' }),
    endTime: datetime('结束时间', { column: true, help: '卡口通行不填' }),
    station: text('卡口站点', { max: 100, column: true, search: 'like' }),
    direction: text('方向', { max: 20, column: true }),
    startPlace: text('起点', { max: 100 }),
    endPlace: text('终点', { max: 100 }),
    // read by region and time (fusion_record_region_time_idx)
    regionCode: region('所在地区', { required: true, column: true, search: true, index: false, help: '卡口所在地区；轨迹与运单为起点所在地区' }),
    endRegionCode: region('终点地区'),
    externalNo: text('外部编号', { max: 40, column: true, help: '外部运单号或轨迹编号' }),
  },
});

export const fusionTaskWorkflow = {
  owns: ['state', 'toleranceMinutes', 'total', 'done', 'matched', 'partial', 'noWaybill', 'noTrace', 'message', 'startedAt', 'finishedAt'],
  states: {
    待运行: { color: 'default' }, 运行中: { color: 'processing' }, 已完成: { color: 'success' }, 已取消: { color: 'warning' }, 失败: { color: 'error' },
  },
  steps: {
    run: { label: '运行比对', from: ['待运行', '已完成', '已取消', '失败'], to: '运行中', sides: ['government', 'platform'], elements: ['fusionCompareManager:btn_run'], confirm: '将按当前参数设置的时间容差重新比对，原结果将被替换。确定运行？' },
    cancel: { label: '取消', action: '取消比对', from: ['运行中'], to: '已取消', sides: ['government', 'platform'], elements: ['fusionCompareManager:btn_run'], confirm: '取消后已比对的结果保留，可重新运行。确定取消？' },
  },
  lockedIn: ['运行中'],
  refusal: (_row, state, label) => `比对任务当前为${state}，不能${label}`,
} as const satisfies WorkflowDef;

export const fusionTask = resource({
  key: 'fusionTask', area: 'sjrh', menu: 'fusionCompareManager', title: '比对任务', scope: 'org', table: 'fusion_task', labelField: 'name',
  writableBy: ['government', 'platform'], defaultSort: { field: 'dateTo', order: 'desc' }, workflow: fusionTaskWorkflow,
  fields: {
    name: text('任务名称', { required: true, max: 100, column: true, search: 'like' }),
    kind: enumOf('数据类型', [...FUSION_KINDS], { column: true, search: 'eq', max: 8, help: '不选则比对全部外部数据' }),
    dateFrom: date('比对开始日期', { required: true, column: true }),
    dateTo: date('比对结束日期', { required: true, column: true, sort: true }),
    regionCode: region('比对地区', { readOnly: true, anyLevel: true, column: true, help: '本单位辖区' }),
    state: enumOf('状态', [...FUSION_TASK_STATES], { readOnly: true, default: '待运行', column: true, search: 'eq', max: 4 }),
    toleranceMinutes: integer('时间容差（分钟）', { readOnly: true }),
    total: integer('外部记录数', { readOnly: true, column: true }),
    done: integer('已比对', { readOnly: true, column: true }),
    matched: integer('匹配', { readOnly: true, column: true }),
    partial: integer('部分匹配', { readOnly: true, column: true }),
    noWaybill: integer('疑似无运单运输', { readOnly: true, column: true }),
    noTrace: integer('运单无外部记录', { readOnly: true, column: true }),
    message: text('说明', { readOnly: true, max: 500 }),
    startedAt: datetime('开始运行时间', { readOnly: true }),
    finishedAt: datetime('结束时间', { readOnly: true, column: true }),
    // the job queue's columns: the run the rows belong to, the instance's lease and how far the run has come
    runNo: integer('运行次数', { readOnly: true, internal: true, default: 0 }),
    leaseUntil: datetime('租约到期', { readOnly: true, internal: true }),
    cursor: text('比对位置', { readOnly: true, internal: true, max: 36 }),
  },
});

export const fusionResultWorkflow = {
  stateField: 'handling',
  owns: ['handling', 'abnormalId'],
  states: { 未处理: { color: 'default' }, 已生成异常运单: { color: 'red', final: true } },
  steps: {
    abnormal: { label: '生成异常运单', from: ['未处理'], to: '已生成异常运单', sides: ['government', 'platform'], elements: ['fusionCompareManager:btn_abnormal'], confirm: '将此记录作为疑似无运单运输列入异常运单。确定生成？' },
  },
  refusal: (row, state) => row.resultClass !== '疑似无运单运输' ? '只有疑似无运单运输的记录可以生成异常运单' : `该记录${state}`,
} as const satisfies WorkflowDef;

/** one row of a comparison: a record with its best waybill, a record without one, or a waybill no record reached */
export const fusionResult = resource({
  key: 'fusionResult', area: 'sjrh', menu: 'fusionCompareManager', title: '比对结果', scope: 'org', table: 'fusion_result', labelField: 'plateNo',
  readOnly: true, defaultSort: { field: 'score', order: 'desc' }, workflow: fusionResultWorkflow,
  fields: {
    // a task's results are read by (task, class, score) and (task, score) (fusion migrations): a million rows a task,
    // and every index here is paid for on each of them as the comparison writes
    taskId: ref('比对任务', 'fusionTask', 'name', { readOnly: true, search: 'eq', index: false }),
    resultClass: enumOf('比对结果', [...FUSION_CLASSES], { readOnly: true, column: true, search: 'eq', max: 8, index: false }),
    handling: enumOf('处理状态', ['未处理', '已生成异常运单'], { readOnly: true, default: '未处理', column: true, search: 'eq', max: 8, index: false }),
    plateNo: text('车牌号码', { readOnly: true, max: 12, column: true, search: 'eq' }),
    score: integer('匹配得分', { readOnly: true, column: true, sort: true }),
    reason: text('原因', { readOnly: true, max: 100, column: true }),
    recordKind: enumOf('数据类型', [...FUSION_KINDS], { readOnly: true, column: true, search: 'eq', max: 8, index: false }),
    recordTime: datetime('记录时间', { readOnly: true, column: true, sort: true }),
    station: text('卡口站点/起点', { readOnly: true, max: 100, column: true }),
    waybillNo: text('运单号', { readOnly: true, max: 24, column: true, search: 'eq' }),
    enterpriseId: ref('承运企业', 'enterprise', 'name', { readOnly: true, column: true, index: false }),
    regionCode: region('所在地区', { readOnly: true, column: true, search: true }),
    recordId: text('外部记录', { readOnly: true, internal: true, max: 36 }),
    waybillId: text('运单ID', { readOnly: true, internal: true, max: 36 }),
    waybillCreatedAt: datetime('运单创建时间', { readOnly: true, internal: true }),
    abnormalId: text('异常运单ID', { readOnly: true, internal: true, max: 36 }),
  },
});

export const fusionResources = [fusionRecord, fusionTask, fusionResult];
