/**
 * The government's side of 隐患排查治理: 安全检查 (API area 'aqjc': plans, their approval, a check record
 * per drawn enterprise) and 整改管理 (area 'zggl': rectification notices the enterprise answers, the government passes
 * or returns, and 档案借阅) and 整改督办 (area 'zgdb'). Steps are routes of server/src/modules/inspection; states live here.
 */
import { resource, text, textarea, date, datetime, number, integer, enumOf, file, ref, bool, json, dict, region } from '../resource.ts';

export const PLAN_STATES = ['草稿', '待审批', '已通过', '已驳回'] as const;
export const NOTICE_STATES = ['待整改', '待审核', '已退回', '合格'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
/** a notice the enterprise still owes an answer on: 逾期 once its deadline has passed */
export const NOTICE_OPEN_STATES: readonly NoticeState[] = ['待整改', '已退回'];

export const checkPlan = resource({
  key: 'checkPlan', area: 'aqjc', menu: 'checkPlanManager', readMenus: ['checkPlanApprovalManager'], scope: 'org', table: 'check_plan',
  labelField: 'name', writableBy: ['government'], actions: { submit: '提交审批' },
  // the seed is drawn at approval, so nobody chooses or sees it before the draw is fixed
  workflow: {
    owns: ['planNo', 'state', 'enterpriseCount', 'seed', 'approveOpinion', 'approvedAt'],
    states: { 草稿: { color: 'default' }, 待审批: { color: 'gold' }, 已通过: { color: 'success', final: true }, 已驳回: { color: 'error' } },
    // one officer plans and submits, another approves (the step hook), and the approval draws the enterprises
    steps: {
      submit: {
        label: '提交审批', from: ['草稿', '已驳回'], to: '待审批', sides: ['government'], elements: ['checkPlanManager:btn_submit'],
        confirm: '提交后等待审批，审批通过即按抽查比例抽取企业。确定提交？',
      },
      pass: {
        label: '审批通过', from: ['待审批'], to: '已通过', sides: ['government'], elements: ['checkPlanApprovalManager:btn_pass'],
        opinion: { optional: true, label: '审批意见' },
      },
      reject: {
        label: '驳回', from: ['待审批'], to: '已驳回', sides: ['government'], elements: ['checkPlanApprovalManager:btn_reject'],
        opinion: { required: '驳回时请输入审批意见', label: '审批意见' },
      },
    },
    refusal: (row, state, label) => `检查计划“${String(row.name)}”当前为${state}，不能${label}`,
  },
  fields: {
    planNo: text('计划编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    name: text('计划名称', { required: true, max: 100, column: true, search: 'like' }),
    periodStart: date('检查开始日期', { required: true, column: true, search: 'range', sort: true }),
    periodEnd: date('检查结束日期', { required: true, column: true }),
    regionCode: region('检查地区', { required: true, anyLevel: true, column: true, search: true, help: '抽查该地区内的企业（须在本单位辖区内）' }),
    businessScope: dict('企业类型（经营范围）', 'businessScope', { multiple: true, help: '不选则不限' }),
    samplePercent: integer('抽查比例（%）', { required: true, min: 1, max: 100, default: 100, column: true, help: '审批通过时生成随机种子，按种子从符合条件的企业中抽取，结果可复现' }),
    checkItems: textarea('检查内容（每行一项）', { required: true, max: 4000 }),
    inspectors: text('检查人员', { required: true, max: 200, column: true }),
    state: enumOf('状态', [...PLAN_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    enterpriseCount: integer('抽中企业数', { readOnly: true, column: true }),
    seed: text('随机种子', { readOnly: true, max: 40 }),
    approveOpinion: textarea('审批意见', { readOnly: true, max: 500 }),
    approvedAt: datetime('审批时间', { readOnly: true }),
  },
});

export const checkRecord = resource({
  key: 'checkRecord', area: 'aqjc', menu: 'checkRecordManager', scope: 'enterprise', table: 'check_record', labelField: 'recordNo',
  readOnly: true, defaultSort: { field: 'checkDate', order: 'desc' },
  workflow: {
    owns: ['recordNo', 'planId', 'enterpriseId', 'state', 'checkDate', 'inspectors', 'itemTotal', 'failedCount', 'score', 'problems', 'photos', 'results', 'noticeId'],
    states: { 待检查: { color: 'orange' }, 已检查: { color: 'success', final: true } },
  },
  fields: {
    recordNo: text('检查编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    planId: ref('检查计划', 'checkPlan', 'name', { readOnly: true, column: true, search: 'eq' }),
    enterpriseId: ref('被检查企业', 'enterprise', 'name', { readOnly: true, column: true, search: 'eq' }),
    state: enumOf('状态', ['待检查', '已检查'], { readOnly: true, default: '待检查', column: true, search: 'eq' }),
    checkDate: date('检查日期', { readOnly: true, column: true, search: 'range', sort: true }),
    inspectors: text('检查人员', { readOnly: true, max: 200, column: true }),
    itemTotal: integer('检查项数', { readOnly: true, column: true }),
    failedCount: integer('不合格项', { readOnly: true, column: true }),
    score: number('得分', { readOnly: true, column: true }),
    problems: textarea('存在问题', { readOnly: true, max: 2000 }),
    photos: file('检查照片', { readOnly: true, multiple: true }),
    results: json('检查结果', { readOnly: true, ownView: true }),
    noticeId: text('整改通知', { readOnly: true, max: 36, ownView: true }),
  },
});

export const rectNotice = resource({
  key: 'rectNotice', area: 'zggl', menu: 'rectificationNoticeManager', readMenus: ['rectificationRecordManager', 'lobbyFeedbackManager'],
  scope: 'enterprise', table: 'rect_notice', labelField: 'noticeNo', writableBy: ['government'],
  defaultSort: { field: 'deadline', order: 'asc' },
  workflow: {
    owns: ['noticeNo', 'source', 'state', 'issuer', 'measures', 'photos', 'documents', 'submittedAt', 'reviewOpinion', 'reviewedAt', 'checkRecordId'],
    givenOnAdd: ['enterpriseId'],
    states: { 待整改: { color: 'orange' }, 待审核: { color: 'gold' }, 已退回: { color: 'error' }, 合格: { color: 'success', final: true } },
    // the enterprise answers (again after a 退回); the government that issued it reviews the answer
    steps: {
      commit: {
        label: '提交整改', from: [...NOTICE_OPEN_STATES], to: '待审核', sides: ['enterprise'], elements: ['rectificationNoticeManager:btn_commit'],
        fields: { measures: true, photos: false, documents: false },
      },
      pass: {
        label: '合格', from: ['待审核'], to: '合格', sides: ['government'], elements: ['rectificationNoticeManager:btn_pass'], opinion: { optional: true, label: '审核意见' },
      },
      return: {
        label: '退回', from: ['待审核'], to: '已退回', sides: ['government'], elements: ['rectificationNoticeManager:btn_return'],
        opinion: { required: '退回时请输入审核意见', label: '审核意见' },
      },
    },
    refusal: (row, state, label) => `整改通知“${String(row.noticeNo)}”当前为${state}，不能${label === '合格' ? '审核合格' : label}`,
  },
  fields: {
    noticeNo: text('通知编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    enterpriseId: ref('被检查企业', 'enterprise', 'name', { required: true, immutable: true, column: true, search: 'eq' }),
    source: enumOf('来源', ['安全检查', '日常监管'], { readOnly: true, default: '日常监管', column: true, search: 'eq' }),
    state: enumOf('状态', [...NOTICE_STATES], { readOnly: true, default: '待整改', column: true, search: 'eq' }),
    overdue: bool('逾期', { readOnly: true, virtual: true, column: true, search: 'eq', alarm: true, help: '过了整改期限仍未提交整改' }),
    problems: textarea('存在问题', { required: true, max: 2000 }),
    requirements: textarea('整改要求', { required: true, max: 2000 }),
    deadline: date('整改期限', { required: true, column: true, search: 'range', sort: true }),
    attachments: file('附件', { multiple: true }),
    issuer: text('下发单位', { readOnly: true, max: 100, column: true }),
    measures: textarea('整改措施', { readOnly: true, max: 2000 }),
    photos: file('整改照片', { readOnly: true, multiple: true }),
    documents: file('整改材料', { readOnly: true, multiple: true }),
    submittedAt: datetime('提交时间', { readOnly: true, column: true }),
    reviewOpinion: textarea('审核意见', { readOnly: true, max: 500 }),
    reviewedAt: datetime('审核时间', { readOnly: true }),
    checkRecordId: text('检查记录', { readOnly: true, max: 36, ownView: true }),
  },
});

export const BORROW_STATES = ['待审批', '已批准', '已驳回', '已归还'] as const;
/** the longest a rectification record may be borrowed for (days from today) */
export const BORROW_MAX_DAYS = 90;

/** what an archive borrowing reads: a closed rectification record (整改管理) or a published assessment (安全考核) */
export const ARCHIVE_KINDS = ['整改记录', '考核档案'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/**
 * 档案借阅: reading an archived record needs an approved request, and only until its date. One mechanism for every
 * archive: `archiveKind` says which (整改管理's screen adds 整改记录, 安全考核's 考核档案 through its own routes).
 */
export const rectBorrow = resource({
  key: 'rectBorrow', area: 'zggl', menu: 'rectificationBorrowManager', readMenus: ['assessBorrowManager'], scope: 'enterprise', table: 'rect_borrow', labelField: 'purpose',
  writableBy: ['enterprise', 'government'],
  workflow: {
    owns: ['enterpriseId', 'state', 'applicant', 'applicantId', 'approver', 'approveOpinion', 'approvedAt', 'returnedAt'], givenOnAdd: ['recordId'],
    states: { 待审批: { color: 'gold' }, 已批准: { color: 'success' }, 已驳回: { color: 'error', final: true }, 已归还: { color: 'default', final: true } },
    // a government user other than the applicant decides; the borrower (or the government) returns it early. Each
    // archive's screen takes the steps under its own menu's codes (整改管理's, 安全考核's)
    steps: {
      approve: {
        label: '批准', from: ['待审批'], to: '已批准', sides: ['government'], elements: ['rectificationBorrowManager:btn_approve', 'assessBorrowManager:btn_approve'],
        opinion: { optional: true, label: '审批意见' },
      },
      reject: {
        label: '驳回', from: ['待审批'], to: '已驳回', sides: ['government'], elements: ['rectificationBorrowManager:btn_approve', 'assessBorrowManager:btn_approve'],
        opinion: { required: '驳回时请输入审批意见', label: '审批意见' },
      },
      giveBack: {
        label: '归还', from: ['已批准'], to: '已归还', sides: ['enterprise', 'government'], elements: ['rectificationBorrowManager:btn_return', 'assessBorrowManager:btn_return'],
        opinion: { optional: true, label: '审批意见' },
      },
    },
    refusal: (_row, state, label) => `借阅申请当前为${state}，不能${label}`,
  },
  fields: {
    archiveKind: enumOf('档案类型', [...ARCHIVE_KINDS], { default: '整改记录', immutable: true, noForm: true, column: true, search: 'eq', max: 10 }),
    // required for a 整改记录 borrowing (the hook says so): a 考核档案 names its assessment instead
    recordId: ref('借阅的整改记录', 'rectNotice', 'noticeNo', { immutable: true, column: true, search: 'eq', help: '只能借阅已办结（合格）的整改记录' }),
    assessmentId: ref('借阅的考核档案', 'assessment', 'title', { immutable: true, noForm: true, column: true, search: 'eq' }),
    enterpriseId: ref('所属企业', 'enterprise', 'name', { readOnly: true, column: true }),
    purpose: textarea('借阅用途', { required: true, max: 500, column: true }),
    until: date('借阅截止日期', { required: true, column: true, search: 'range', sort: true, help: `最长${BORROW_MAX_DAYS}天` }),
    state: enumOf('状态', [...BORROW_STATES], { readOnly: true, default: '待审批', column: true, search: 'eq' }),
    readable: bool('可查阅', { readOnly: true, virtual: true, column: true }),
    applicant: text('申请人', { readOnly: true, max: 50, column: true }),
    applicantId: text('申请人ID', { readOnly: true, internal: true, max: 36 }),
    approver: text('审批人', { readOnly: true, max: 50 }),
    approveOpinion: textarea('审批意见', { readOnly: true, max: 500 }),
    approvedAt: datetime('审批时间', { readOnly: true }),
    returnedAt: datetime('归还时间', { readOnly: true }),
  },
});

export const SUPERVISE_LEVELS = ['省级', '市级', '县级'] as const;

/** 整改督办: overdue notices and open 重大 hazards become items by themselves; a supervisor adds others by hand */
export const supervise = resource({
  key: 'supervise', area: 'zgdb', menu: 'superviseManager', readMenus: ['lobbyFeedbackManager'], scope: 'enterprise', table: 'supervise_item', labelField: 'title',
  writableBy: ['government'], defaultSort: { field: 'deadline', order: 'asc' },
  // the level decides who closes the item: set when it is added (never above the adder's own), then fixed
  workflow: {
    owns: ['superviseNo', 'state', 'sourceType', 'sourceId', 'reportCount', 'reports', 'closeOpinion', 'closedAt'], givenOnAdd: ['enterpriseId', 'level'],
    states: { 督办中: { color: 'orange' }, 已销号: { color: 'success', final: true } },
    // progress comes from the supervisor or, from 业务大厅, the enterprise; only the province raises, only the item's
    // level closes (the step hooks), a 重大 hazard's item with its hazard's 复核
    steps: {
      report: {
        label: '进展报告', from: ['督办中'], to: null, sides: ['government'], elements: ['superviseManager:btn_report'],
        inputs: { content: textarea('进展情况', { required: true, max: 1000 }) },
      },
      feedback: {
        label: '进展报告', from: ['督办中'], to: null, sides: ['enterprise'], elements: ['lobbyFeedbackManager:btn_report'],
        inputs: { content: textarea('进展情况', { required: true, max: 1000 }) },
      },
      raise: {
        label: '提级督办', from: ['督办中'], to: null, sides: ['government'], elements: ['superviseManager:btn_raise'],
        opinion: { required: '请输入提级督办的理由', label: '提级理由' },
      },
      close: {
        label: '销号', from: ['督办中'], to: '已销号', sides: ['government'], elements: ['superviseManager:btn_close'],
        opinion: { required: '请输入销号意见', label: '销号意见' },
      },
    },
    refusal: (row, state) => `督办事项“${String(row.title)}”${state}`,
  },
  fields: {
    superviseNo: text('督办编号', { readOnly: true, max: 20, column: true, search: 'eq' }),
    title: text('督办事项', { required: true, max: 100, column: true, search: 'like' }),
    state: enumOf('状态', ['督办中', '已销号'], { readOnly: true, default: '督办中', column: true, search: 'eq' }),
    overdue: bool('逾期', { readOnly: true, virtual: true, column: true, search: 'eq', alarm: true }),
    sourceType: enumOf('来源', ['逾期整改', '重大隐患', '人工'], { readOnly: true, default: '人工', column: true, search: 'eq' }),
    sourceId: text('来源记录', { readOnly: true, max: 36, ownView: true }),
    enterpriseId: ref('责任单位', 'enterprise', 'name', { required: true, immutable: true, column: true, search: 'eq' }),
    level: enumOf('督办级别', [...SUPERVISE_LEVELS], { required: true, immutable: true, column: true, search: 'eq', help: '由同级监管部门办理和销号，不能高于本单位的级别' }),
    deadline: date('督办期限', { required: true, column: true, search: 'range', sort: true }),
    requirement: textarea('督办要求', { required: true, max: 1000 }),
    reportCount: integer('进展报告', { readOnly: true, default: 0, column: true }),
    reports: json('进展报告记录', { readOnly: true, ownView: true }),
    closeOpinion: textarea('销号意见', { readOnly: true, max: 500 }),
    closedAt: datetime('销号时间', { readOnly: true }),
  },
});

export const inspectionResources = [checkPlan, checkRecord, rectNotice, rectBorrow, supervise];
