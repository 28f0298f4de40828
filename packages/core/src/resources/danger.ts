/**
 * 隐患排查治理, API area 'yhpc': the enterprise's safety records (安全会议, 检查项目, 检查模板,
 * 检查类型, 培训台账, 违章人员台账), its self-inspections, the hazard with its rectification workflow, and the
 * read-only 整改台账. The workflow steps are routes of server/src/modules/danger; their states are here so both
 * sides agree on them.
 */
import { resource, text, textarea, date, datetime, number, integer, enumOf, file, ref, bool, json, dict } from '../resource.ts';

export const HAZARD_SOURCES = ['自查', '政府检查', '举报', '动态监控'] as const;
export const HAZARD_CATEGORIES = ['人', '车', '罐', '场所', '管理'] as const;
export const HAZARD_LEVELS = ['一般', '重大'] as const;
/** 草稿 → (提交) 待整改 → (整改) 整改中 → (提交验收) 待验收 → (企业通过) 已销号, or for 重大 待复核 → (政府通过) 已销号; 退回 → 整改中 */
export const HAZARD_STATES = ['草稿', '待整改', '整改中', '待验收', '待复核', '已销号'] as const;
export type HazardState = (typeof HAZARD_STATES)[number];
/** a self-check with failed items is 待转隐患 until each of them is a hazard (已转隐患); one without any is 合格 */
export const SELF_CHECK_STATES = ['待转隐患', '已转隐患', '合格'] as const;
/** states in which a hazard is still open (counted, and 逾期 once its deadline has passed) */
export const HAZARD_OPEN_STATES: readonly HazardState[] = ['待整改', '整改中', '待验收', '待复核'];
export const CHECK_RESULTS = ['合格', '不合格', '不适用'] as const;

export const meeting = resource({
  key: 'meeting', area: 'yhpc', menu: 'meetingManager', scope: 'enterprise', table: 'danger_meeting', labelField: 'topic',
  defaultSort: { field: 'meetingDate', order: 'desc' },
  fields: {
    meetingDate: date('会议日期', { required: true, column: true, search: 'range', sort: true }),
    topic: text('会议主题', { required: true, max: 100, column: true, search: 'like' }),
    meetingType: enumOf('会议类型', ['月度例会', '专题会议', '事故分析会'], { required: true, column: true, search: 'eq' }),
    host: text('主持人', { required: true, max: 20, column: true }),
    place: text('会议地点', { max: 100, column: true }),
    attendeeIds: ref('参会人员', 'staff', 'name', { multiple: true, column: true }),
    minutes: textarea('会议纪要', { required: true, max: 5000 }),
    attachments: file('附件', { multiple: true }),
    photos: file('会议照片', { multiple: true }),
  },
});

export const dangerCheckItem = resource({
  key: 'dangerCheckItem', area: 'yhpc', menu: 'dangerCheckItemManager', scope: 'enterprise', table: 'danger_check_item', labelField: 'content',
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    content: text('检查内容', { required: true, max: 200, unique: true, column: true, search: 'like' }),
    category: enumOf('分类', [...HAZARD_CATEGORIES], { required: true, column: true, search: 'eq' }),
    basis: text('检查依据', { max: 200, column: true }),
    score: number('分值', { required: true, min: 0, max: 100, default: 5, column: true }),
    orderNum: integer('排序', { default: 0, column: true, sort: true }),
  },
});

export const checkFunction = resource({
  key: 'checkFunction', area: 'yhpc', menu: 'checkFunctionManager', scope: 'enterprise', table: 'danger_check_function', labelField: 'name',
  fields: {
    name: text('类型名称', { required: true, max: 50, unique: true, column: true, search: 'like' }),
    kind: enumOf('类别', ['日常检查', '专项检查', '季节性检查', '节假日检查', '综合检查'], { required: true, column: true, search: 'eq' }),
    frequency: enumOf('频次', ['每日', '每周', '每月', '每季度', '每半年', '每年', '不定期'], { required: true, column: true }),
    description: textarea('说明', { max: 1000 }),
  },
});

export const checkModel = resource({
  key: 'checkModel', area: 'yhpc', menu: 'checkModelManager', scope: 'enterprise', table: 'danger_check_model', labelField: 'name',
  fields: {
    name: text('模板名称', { required: true, max: 100, unique: true, column: true, search: 'like' }),
    checkFunctionId: ref('检查类型', 'checkFunction', 'name', { required: true, column: true, search: 'eq' }),
    itemIds: ref('检查项目', 'dangerCheckItem', 'content', { required: true, multiple: true, help: '按选择的顺序检查' }),
    itemCount: integer('项目数', { readOnly: true, virtual: true, column: true }),
    remark: textarea('备注', { max: 500 }),
  },
});

/** 自查记录: one run of a template; `results` holds each item's 合格/不合格/不适用 (written by the module's route) */
export const selfCheck = resource({
  key: 'selfCheck', area: 'yhpc', menu: 'checkModelManager', title: '自查记录', scope: 'enterprise', table: 'danger_self_check', labelField: 'checkNo',
  defaultSort: { field: 'checkDate', order: 'desc' },
  readOnly: true,
  workflow: {
    owns: ['checkNo', 'state', 'checkModelId', 'checkFunctionId', 'checkDate', 'inspector', 'place', 'itemTotal', 'failedCount', 'hazardCount', 'score', 'conclusion', 'results'],
    states: { 待转隐患: { color: 'orange' }, 已转隐患: { color: 'processing', final: true }, 合格: { color: 'success', final: true } },
    // the failed items not yet hazards (or the chosen ones among them) become hazards in 待整改; the check stays 待转隐患
    // while any is left
    steps: {
      toHazards: {
        label: '不合格项转隐患', from: ['待转隐患'], to: ['待转隐患', '已转隐患'], sides: ['enterprise'], elements: ['hazardRegisterManager:btn_add'],
      },
    },
    refusal: (row, state) => `检查“${String(row.checkNo)}”当前为${state}，${state === '合格' ? '没有不合格项' : '不合格项已全部转为隐患'}`,
  },
  fields: {
    checkNo: text('检查编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    state: enumOf('状态', [...SELF_CHECK_STATES], { readOnly: true, default: '合格', column: true, search: 'eq' }),
    checkModelId: ref('检查模板', 'checkModel', 'name', { readOnly: true, column: true, search: 'eq' }),
    checkFunctionId: ref('检查类型', 'checkFunction', 'name', { readOnly: true, column: true }),
    checkDate: date('检查日期', { readOnly: true, column: true, search: 'range', sort: true }),
    inspector: text('检查人', { readOnly: true, max: 50, column: true }),
    place: text('检查地点', { readOnly: true, max: 200, column: true }),
    itemTotal: integer('检查项数', { readOnly: true, column: true }),
    failedCount: integer('不合格项', { readOnly: true, column: true }),
    hazardCount: integer('已转隐患', { readOnly: true, column: true }),
    score: number('得分', { readOnly: true, column: true }),
    conclusion: textarea('检查结论', { readOnly: true, max: 1000 }),
    results: json('检查结果', { readOnly: true, ownView: true }),
  },
});

export const hazard = resource({
  key: 'hazard', area: 'yhpc', menu: 'hazardRegisterManager', title: '隐患', scope: 'enterprise', table: 'hazard', labelField: 'title',
  readMenus: ['hazardHandleManager', 'hazardApprovalManager'],
  actions: { submit: '提交' },
  defaultSort: { field: 'foundDate', order: 'desc' },
  workflow: {
    owns: ['hazardNo', 'state', 'actualMeasures', 'cost', 'completedDate', 'afterPhotos', 'acceptOpinion', 'acceptedAt', 'reviewOpinion', 'closedAt', 'selfCheckId'],
    states: {
      草稿: { color: 'default' }, 待整改: { color: 'orange' }, 整改中: { color: 'processing' }, 待验收: { color: 'gold' }, 待复核: { color: 'purple' },
      已销号: { color: 'success', final: true },
    },
    // 企业 registers, rectifies and accepts; a 重大 hazard is then 复核 by the government (the step hook chooses 待复核)
    steps: {
      submit: { label: '提交', from: ['草稿'], to: '待整改', sides: ['enterprise'], elements: ['hazardRegisterManager:btn_submit'], confirm: '提交后进入待整改，不能再修改或删除。确定提交？' },
      handle: {
        label: '整改', from: ['待整改', '整改中'], to: '整改中', sides: ['enterprise'], elements: ['hazardHandleManager:btn_edit'],
        fields: { actualMeasures: false, cost: false, completedDate: false, afterPhotos: false },
      },
      finish: {
        label: '提交验收', from: ['待整改', '整改中'], to: '待验收', sides: ['enterprise'], elements: ['hazardHandleManager:btn_submit'],
        fields: { actualMeasures: true, cost: false, completedDate: true, afterPhotos: false },
      },
      pass: {
        label: '通过', action: { enterprise: '验收通过', government: '复核通过' }, from: { enterprise: ['待验收'], government: ['待复核'] },
        to: ['待复核', '已销号'], sides: ['enterprise', 'government'], elements: ['hazardApprovalManager:btn_pass'], opinion: { optional: true, label: '意见' },
      },
      return: {
        label: '退回', action: { enterprise: '验收退回', government: '复核退回' }, from: { enterprise: ['待验收'], government: ['待复核'] },
        to: '整改中', sides: ['enterprise', 'government'], elements: ['hazardApprovalManager:btn_return'], opinion: { required: '请输入退回意见', label: '退回意见' },
      },
    },
    refusal: (row, state, label) => `隐患“${String(row.title)}”当前为${state}，不能${label}`,
  },
  fields: {
    hazardNo: text('隐患编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    title: text('隐患名称', { required: true, max: 100, column: true, search: 'like' }),
    state: enumOf('状态', [...HAZARD_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    overdue: bool('逾期', { readOnly: true, virtual: true, column: true, search: 'eq', alarm: true, help: '整改完成日期晚于整改期限，或过了整改期限仍未完成整改' }),
    source: enumOf('隐患来源', [...HAZARD_SOURCES], { required: true, default: '自查', column: true, search: 'eq' }),
    foundDate: date('发现日期', { required: true, column: true, search: 'range', sort: true }),
    location: text('隐患地点', { required: true, max: 200, column: true }),
    category: enumOf('隐患分类', [...HAZARD_CATEGORIES], { required: true, column: true, search: 'eq' }),
    level: enumOf('隐患等级', [...HAZARD_LEVELS], { required: true, default: '一般', column: true, search: 'eq', help: '重大隐患保存即报告属地监管部门并挂牌督办，经企业验收、督办级别的监管部门复核后销号' }),
    majorItems: dict('重大隐患判定依据', 'majorHazardItem', { multiple: true, help: '对照《道路运输企业和城市客运企业安全生产重大事故隐患判定标准（试行）》，符合任一条即为重大隐患' }),
    description: textarea('隐患描述', { required: true, max: 1000 }),
    photos: file('隐患照片', { multiple: true }),
    responsibleId: ref('整改责任人', 'staff', 'name', { required: true, column: true }),
    deadline: date('整改期限', { required: true, column: true, search: 'range', sort: true }),
    measures: textarea('整改措施', { required: true, max: 1000 }),
    actualMeasures: textarea('实际整改措施', { readOnly: true, max: 1000 }),
    cost: number('整改费用（元）', { readOnly: true, min: 0 }),
    completedDate: date('整改完成日期', { readOnly: true }),
    afterPhotos: file('整改后照片', { readOnly: true, multiple: true }),
    acceptOpinion: textarea('验收意见', { readOnly: true, max: 500 }),
    acceptedAt: datetime('企业验收时间', { readOnly: true }),
    reviewOpinion: textarea('政府复核意见', { readOnly: true, max: 500 }),
    closedAt: datetime('销号时间', { readOnly: true }),
    selfCheckId: text('自查记录', { readOnly: true, noForm: true, internal: true, max: 36 }),
  },
});

export const trainingLedger = resource({
  key: 'trainingLedger', area: 'yhpc', menu: 'trainingLedgerManager', scope: 'enterprise', table: 'danger_training', labelField: 'topic',
  defaultSort: { field: 'trainingDate', order: 'desc' },
  fields: {
    trainingDate: date('培训日期', { required: true, column: true, search: 'range', sort: true }),
    topic: text('培训主题', { required: true, max: 100, column: true, search: 'like' }),
    trainingType: enumOf('培训类型', ['岗前培训', '定期培训', '专项培训'], { required: true, column: true, search: 'eq' }),
    lecturer: text('讲师', { required: true, max: 20, column: true }),
    hours: number('学时', { required: true, min: 0, max: 100, column: true }),
    traineeIds: ref('参训人员', 'staff', 'name', { required: true, multiple: true, column: true }),
    content: textarea('培训内容', { max: 2000 }),
    materials: file('培训材料', { multiple: true }),
    photos: file('培训照片', { multiple: true }),
  },
});

export const violatorLedger = resource({
  key: 'violatorLedger', area: 'yhpc', menu: 'violatorLedgerManager', scope: 'enterprise', table: 'danger_violator', labelField: 'violationType',
  defaultSort: { field: 'violationDate', order: 'desc' },
  fields: {
    staffId: ref('违章人员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    violationDate: date('违章日期', { required: true, column: true, search: 'range', sort: true }),
    violationType: enumOf('违章类型', ['超速', '疲劳驾驶', '未按规定路线行驶', '违规停车', '未随车携带运单', '操作规程违规', '其他'], { required: true, column: true, search: 'eq' }),
    location: text('违章地点', { required: true, max: 200, column: true, search: 'like' }),
    points: integer('记分', { min: 0, max: 12, default: 0, column: true }),
    fine: number('罚款（元）', { min: 0, column: true }),
    handling: textarea('处理情况', { required: true, max: 1000 }),
    education: textarea('教育情况', { max: 1000 }),
    attachments: file('附件', { multiple: true }),
  },
});

/** 整改台账: every submitted hazard and every 整改通知 the enterprise received, with their rectification, read-only (a view, danger migration 0000) */
export const rectificationLedger = resource({
  key: 'rectificationLedger', area: 'yhpc', menu: 'rectificationLedgerManager', scope: 'enterprise', table: 'v_rectification_ledger',
  view: true, readOnly: true, labelField: 'title',
  defaultSort: { field: 'foundDate', order: 'desc' },
  fields: {
    kind: enumOf('类别', ['隐患', '整改通知'], { readOnly: true, column: true, search: 'eq' }),
    hazardNo: text('编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    title: text('隐患或问题', { readOnly: true, max: 100, column: true, search: 'like' }),
    state: enumOf('状态', [...new Set<string>([...HAZARD_STATES, '待审核', '已退回', '合格'])], { readOnly: true, column: true, search: 'eq' }),
    overdue: bool('逾期', { readOnly: true, virtual: true, column: true, search: 'eq', alarm: true }),
    source: enumOf('来源', [...HAZARD_SOURCES, '安全检查', '日常监管'], { readOnly: true, column: true, search: 'eq' }),
    category: enumOf('分类', [...HAZARD_CATEGORIES], { readOnly: true, column: true, search: 'eq' }),
    level: enumOf('等级', [...HAZARD_LEVELS], { readOnly: true, column: true, search: 'eq' }),
    foundDate: date('发现（下发）日期', { readOnly: true, column: true, search: 'range', sort: true }),
    responsibleId: ref('整改责任人', 'staff', 'name', { readOnly: true, column: true }),
    deadline: date('整改期限', { readOnly: true, column: true, sort: true }),
    measures: textarea('整改措施（要求）', { readOnly: true }),
    actualMeasures: textarea('实际整改措施', { readOnly: true }),
    cost: number('整改费用（元）', { readOnly: true, column: true }),
    completedDate: date('整改完成日期', { readOnly: true, column: true }),
    closedAt: datetime('销号（合格）时间', { readOnly: true, column: true }),
  },
});

export const dangerResources = [meeting, dangerCheckItem, checkFunction, checkModel, selfCheck, hazard, trainingLedger, violatorLedger, rectificationLedger];
