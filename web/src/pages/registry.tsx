/**
 * Bespoke pages by menu code. A menu page without an entry here renders the generic
 * ResourcePage of the resource whose `menu` is that code (packages/core resources).
 */
import type { ComponentType } from 'react';
import { DANGER_PATHS } from './danger/paths';
import { ROUTED_RECORDS } from './routedRecords';
import { REGIME_PATHS } from './regime/paths';
import { NOTICE_PATHS } from './notice/paths';
import { STATS } from '@dg/core/stats';
import { STAT_WAYBILLS_PATH } from './stats/paths';
import { KNOWLEDGE_INFO } from './knowledge/topics';

const named = <K extends string>(file: Promise<Record<K, ComponentType>>, name: K) => file.then((m) => ({ default: m[name] }));
const routedRecordPages = () => import('./routedRecordPages.tsx');
const hazards = () => import('./danger/HazardPages.tsx');
const selfChecks = () => import('./danger/SelfCheckPages.tsx');
const inspections = () => import('./danger/InspectionPages.tsx');
const rectNotices = () => import('./danger/RectificationPages.tsx');
const borrows = () => import('./danger/BorrowPages.tsx');
const supervision = () => import('./danger/SupervisePages.tsx');
const regimes = () => import('./regime/RegimePages.tsx');
const funds = () => import('./regime/FundPages.tsx');
const notices = () => import('./notice/NoticePages.tsx');
const messages = () => import('./notice/MessagePages.tsx');
const board = () => import('./board/BoardPages.tsx');
const assessments = () => import('./assessment/AssessmentPages.tsx');
const learning = () => import('./learning/LearningPages.tsx');
const myExams = () => import('./exam/MyExamPages.tsx');
const fusion = () => import('./fusion/FusionPages.tsx');
/** 业务大厅's screens carry its counts strip (pages/board/LobbyCounts.tsx) */
const lobby = (page: Promise<{ default: ComponentType }>) => Promise.all([page, import('./board/LobbyCounts.tsx')]).then(([p, m]) => ({ default: m.withLobbyCounts(p.default) }));

export const PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  // 系统管理 (admin)
  userManager: () => import('./admin/UserManager.tsx'),
  menuManager: () => import('./admin/MenuManager.tsx'),
  groupManager: () => import('./admin/GroupManager.tsx'),
  dictManager: () => import('./admin/DictManager.tsx'),
  serviceManager: () => import('./admin/ServiceManager.tsx'),
  serviceRegistryManager: () => import('./admin/ServiceRegistryManager.tsx'),
  serviceStatusManager: () => import('./admin/ServiceStatusManager.tsx'),
  serviceTraceManager: () => import('./admin/ServiceTraceManager.tsx'),
  articleManager: () => import('./admin/ArticleManager.tsx'),
  policyManager: () => import('./admin/PolicyManager.tsx'),
  // 档案管理 (records)
  vehicleBasicManager: () => import('./records/AuditedRecordPage.tsx').then((m) => ({ default: m.VehiclePage })),
  tankBasicManager: () => import('./records/AuditedRecordPage.tsx').then((m) => ({ default: m.TankPage })),
  staffManager: () => import('./records/StaffPage.tsx'),
  staffEntryManager: () => import('./records/StaffEntryPage.tsx'),
  // 知识库, 到期预警 / 静态信息预警 / 业务大厅 预警信息 / 参数设置, 企业车辆审核, 基础信息查询 (knowledge, warnings, audit)
  dangerousGoodsManager: () => import('./knowledge/DangerousGoodsPage.tsx'),
  ...Object.fromEntries(Object.entries(KNOWLEDGE_INFO).map(([topic, { menu }]) => [menu, () => import('./knowledge/KnowledgePages.tsx').then((m) => ({ default: m.knowledgePage(topic) }))])),
  ...Object.fromEntries(['alertCompanyLicence', 'alertVehicleTransport', 'alertVehicleReview', 'alertVehicleInsurance', 'alertTankCheck',
    'alertStaffQualification', 'alertDriverLicence', 'ryzgDueManager', 'ryzgOverdueManager', 'cldlysDueManager', 'cldlysOverdueManager',
    'jyxkDueManager', 'jyxkOverdueManager'].map((menu) => [menu, () => import('./warnings/pages.tsx').then((m) => ({ default: m.warningPage(menu) }))])),
  lobbyWarningManager: () => lobby(import('./warnings/LobbyWarnings.tsx')),
  paramSettingManager: () => import('./warnings/ParamSettings.tsx'),
  enterpriseVehicleAuditManager: () => import('./approval/AuditPage.tsx'),
  qyxxcxManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.QyxxcxList })),
  clxxcxManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.ClxxcxList })),
  cyryxxManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.CyryxxList })),
  jcxxgcgtManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.JcxxgcgtList })),
  gsjzxManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.GsjzxList })),
  ycydManager: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.YcydList })),
  // 运输任务 (waybill): the four queues and 运单管理 over one WaybillQueue; 空车台账; 运单监管 (supervision)
  baseManager: () => import('./waybill/QueuePages.tsx').then((m) => ({ default: m.BaseQueuePage })),
  dispatchManager: () => import('./waybill/QueuePages.tsx').then((m) => ({ default: m.DispatchQueuePage })),
  waybillCheckManager: () => import('./waybill/QueuePages.tsx').then((m) => ({ default: m.CheckQueuePage })),
  distributeManager: () => import('./waybill/QueuePages.tsx').then((m) => ({ default: m.DistributeQueuePage })),
  waybillManageManager: () => import('./waybill/QueuePages.tsx').then((m) => ({ default: m.ManageQueuePage })),
  emptyLedgerManager: () => import('./waybill/EmptyLedger.tsx').then((m) => ({ default: m.EmptyLedgerList })),
  waybillMonitorManager: () => import('./supervision/MonitorPage.tsx'),
  waybillRatioManager: () => import('./supervision/FillRatePage.tsx'),
  abnormalWaybillManager: () => import('./supervision/AbnormalPage.tsx'),
  checklistManager: () => import('./supervision/ChecklistPage.tsx'),
  // records with their own edit and info pages (隐患排查治理, 安全制度与费用: routedRecords.ts)
  ...Object.fromEntries(ROUTED_RECORDS.map(({ resourceKey, menu }) => [menu, () => routedRecordPages().then((m) => ({ default: m.recordList(resourceKey) }))])),
  // 隐患排查治理 (danger): the hazard's three screens, templates with 自查
  hazardRegisterManager: () => named(hazards(), 'HazardRegisterList'),
  hazardHandleManager: () => named(hazards(), 'HazardHandleList'),
  hazardApprovalManager: () => named(hazards(), 'HazardApprovalList'),
  checkModelManager: () => named(selfChecks(), 'CheckModelPage'),
  // 安全考核 (the indicators and groups are the generic ResourcePage)
  assessModelManager: () => named(assessments(), 'ModelPage'),
  assessIssueManager: () => named(assessments(), 'IssuePage'),
  assessRecordManager: () => named(assessments(), 'RecordPage'),
  assessResultManager: () => named(assessments(), 'ResultPage'),
  assessStatManager: () => named(assessments(), 'StatPage'),
  assessBorrowManager: () => named(assessments(), 'BorrowPage'),
  courseManager: () => named(learning(), 'CoursePage'),
  mySubjectManager: () => named(learning(), 'MySubjectPage'),
  fusionImportManager: () => named(fusion(), 'ImportPage'),
  fusionCompareManager: () => named(fusion(), 'CompareTaskPage'),
  // 安全检查 and 整改管理 (government ↔ enterprise)
  checkPlanManager: () => named(inspections(), 'CheckPlanList'),
  checkPlanApprovalManager: () => named(inspections(), 'CheckPlanApprovalList'),
  checkRecordManager: () => named(inspections(), 'CheckRecordList'),
  rectificationNoticeManager: () => named(rectNotices(), 'NoticeList'),
  rectificationRecordManager: () => named(rectNotices(), 'ArchiveList'),
  lobbyFeedbackManager: () => lobby(named(supervision(), 'LobbyFeedback')),
  rectificationBorrowManager: () => named(borrows(), 'BorrowList'),
  superviseManager: () => named(supervision(), 'SuperviseList'),
  // 安全制度与费用 (regime): 制度流程 with 阅知, the fund ledger and its tracking (安全费用使用 is the generic list)
  workflowManager: () => named(regimes(), 'RegimeList'),
  fundsExtractManager: () => named(funds(), 'FundExtractPage'),
  fundsTrackManager: () => named(funds(), 'FundTrackPage'),
  // 通知公告, 人员通知, 站内消息 (业务大厅's 消息 is the inbox)
  noticeManger: () => named(notices(), 'NoticeList'),
  personnelNoticeManager: () => named(notices(), 'StaffNoticeList'),
  inboxManager: () => named(messages(), 'InboxPage'),
  lobbyMessageManager: () => lobby(named(messages(), 'InboxPage')),
  newMessageManager: () => named(messages(), 'NewMessagePage'),
  sentMessageManager: () => named(messages(), 'SentPage'),
  // 信息看板 (参数设置 is with the warnings)
  dynamicMonitorManager: () => named(board(), 'DynamicMonitor'),
  basicQueryManager: () => named(board(), 'BasicQuery'),
  staticMonitorManager: () => named(board(), 'StaticMonitor'),
  tipSummaryManager: () => named(board(), 'TipSummary'),
  // 运单统计 and 行业统计: one page over each statistic's definition (packages/core/src/stats.ts)
  ...Object.fromEntries(STATS.map(({ key, menu }) => [menu, () => import('./stats/StatPages.tsx').then((m) => ({ default: m.statPage(key) }))])),
  // 在线考试 (题库 is the generic ResourcePage)
  exemManager: () => named(myExams(), 'ExamManagerPage'),
  myExemManager: () => named(myExams(), 'MyExamList'),
};

/** Detail/edit routes outside the menu, e.g. '/transportMission/baseEdit'. */
export const EXTRA_ROUTES: { path: string; title: string; menu?: string; load: () => Promise<{ default: ComponentType }> }[] = [
  // 系统管理 (admin): the article and policy editors
  { path: '/learningvideo/:uuid/:subjectsUuid/:url', title: '课程学习', menu: 'mySubjectManager', load: () => import('./learning/StudyPage.tsx') },
  { path: '/articleManager/addarticleManager', title: '文章编辑', menu: 'articleManager', load: () => import('./admin/ArticleEdit.tsx') },
  { path: '/policyManager/addpolicyManager', title: '政策法规编辑', menu: 'policyManager', load: () => import('./admin/PolicyEdit.tsx') },
  // 档案管理 (records): 一车一档, 罐体档案, 一人一档
  { path: '/fileManagement/vehicleBasicManager/info/:id', title: '车辆详情', menu: 'vehicleBasicManager', load: () => import('./records/VehicleInfo.tsx') },
  { path: '/fileManagement/tankBasicManager/info/:id', title: '罐体详情', menu: 'tankBasicManager', load: () => import('./records/TankInfo.tsx') },
  { path: '/fileManagement/staffManager/info/:id', title: '人员详情', menu: 'staffManager', load: () => import('./records/StaffInfo.tsx') },
  // 知识库: each topic's document (罐车's is the product's /zfdZskManager/gcgtxxInfo/{uuid})
  ...Object.entries(KNOWLEDGE_INFO).map(([topic, { path, title, menu }]) => ({
    path: `/zfdZskManager/${path}/:uuid`, title, menu, load: () => import('./knowledge/KnowledgePages.tsx').then((m) => ({ default: m.knowledgeInfoPage(topic) })),
  })),
  // 到期预警: the record a warning row is about; 基础信息查询 details
  { path: '/alertMessgae/recordInfo/:resource/:id', title: '档案详情', load: () => import('./warnings/RecordInfo.tsx') },
  { path: '/jcxxcxManager/qyxxcxInfo/:uuid', title: '企业信息详情', menu: 'qyxxcxManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.QyxxcxInfo })) },
  { path: '/jcxxcxManager/clxxcxInfo/:uuid', title: '车辆信息详情', menu: 'clxxcxManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.ClxxcxInfo })) },
  { path: '/jcxxcxManager/cyryxxInfo/:uuid', title: '从业人员详情', menu: 'cyryxxManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.CyryxxInfo })) },
  { path: '/jcxxcxManager/jcxxgcgtInfo/:uuid', title: '罐车罐体详情', menu: 'jcxxgcgtManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.JcxxgcgtInfo })) },
  { path: '/jcxxcxManager/gsjzxInfo/:uuid', title: '高速卡口通行详情', menu: 'gsjzxManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.GsjzxInfo })) },
  { path: '/jcxxcxManager/ycydInfo/:uuid', title: '异常运单详情', menu: 'ycydManager', load: () => import('./approval/jcxx/pages.tsx').then((m) => ({ default: m.YcydInfo })) },
  // 运输任务 (waybill) edit/detail pages, the A4 print, the public QR check; 运单监管 details
  { path: '/transportMission/baseEdit', title: '运单编辑', menu: 'baseManager', load: () => import('./waybill/BaseEdit.tsx') },
  { path: '/transportMission/baseInfo', title: '运单详情', load: () => import('./waybill/WaybillDetail.tsx').then((m) => ({ default: m.BaseInfoPage })) },
  { path: '/transportMission/changeList', title: '运单变更记录', load: () => import('./waybill/ChangeList.tsx') },
  { path: '/transportMission/dispatchEdit', title: '调度车辆人员', menu: 'dispatchManager', load: () => import('./waybill/DispatchEdit.tsx') },
  { path: '/transportMission/waybillCheckEdit', title: '出车检查表', menu: 'waybillCheckManager', load: () => import('./waybill/CheckEdit.tsx') },
  { path: '/transportMission/itemselfInspection/edit', title: '驾驶员自检', menu: 'waybillCheckManager', load: () => import('./waybill/CheckEdit.tsx').then((m) => ({ default: m.SelfInspectionEdit })) },
  { path: '/transportMission/itemselfInspection/info', title: '自检记录', menu: 'waybillCheckManager', load: () => import('./waybill/CheckEdit.tsx').then((m) => ({ default: m.SelfInspectionInfo })) },
  { path: '/transportMission/emptyledger/edit', title: '空车台账登记', menu: 'emptyLedgerManager', load: () => import('./waybill/EmptyLedger.tsx').then((m) => ({ default: m.EmptyLedgerEdit })) },
  { path: '/transportMission/emptyledger/info', title: '空车台账详情', menu: 'emptyLedgerManager', load: () => import('./waybill/EmptyLedger.tsx').then((m) => ({ default: m.EmptyLedgerInfo })) },
  { path: '/transportMission/print', title: '运单打印', load: () => import('./waybill/PrintPage.tsx') },
  { path: '/transportInfo-qyd', title: '运单查验', load: () => import('./waybill/TransportInfo.tsx') },
  { path: '/waybillManager/infoManager/info', title: '运单详情', load: () => import('./waybill/WaybillDetail.tsx').then((m) => ({ default: m.GovInfoPage })) },
  { path: '/waybillManager/infoManager/info1', title: '异常运单详情', menu: 'abnormalWaybillManager', load: () => import('./supervision/AbnormalPage.tsx').then((m) => ({ default: m.AbnormalInfoPage })) },
  // edit and info pages of the routed records (/danger, /regime)
  ...ROUTED_RECORDS.flatMap(({ resourceKey, menu, title, paths, readOnly }) => [
    ...(readOnly ? [] : [{ path: `${paths.base}/edit`, title: `${title}编辑`, menu, load: () => routedRecordPages().then((m) => ({ default: m.recordEdit(resourceKey) })) }]),
    { path: `${paths.base}/info`, title: `${title}详情`, menu, load: () => routedRecordPages().then((m) => ({ default: m.recordInfo(resourceKey) })) },
  ]),
  // 隐患排查治理 (danger): the hazard's, the templates' and the self-checks' pages
  { path: `${DANGER_PATHS.hazardRegister.base}/edit`, title: '隐患登记', menu: 'hazardRegisterManager', load: () => named(hazards(), 'HazardRegisterEdit') },
  { path: `${DANGER_PATHS.hazardRegister.base}/info`, title: '隐患详情', menu: 'hazardRegisterManager', load: () => named(hazards(), 'HazardRegisterInfo') },
  { path: `${DANGER_PATHS.hazardHandle.base}/edit`, title: '隐患整改', menu: 'hazardHandleManager', load: () => named(hazards(), 'HazardHandleEdit') },
  { path: `${DANGER_PATHS.hazardHandle.base}/info`, title: '隐患详情', menu: 'hazardHandleManager', load: () => named(hazards(), 'HazardHandleInfo') },
  { path: `${DANGER_PATHS.hazardApproval.base}/edit`, title: '隐患验收', menu: 'hazardApprovalManager', load: () => named(hazards(), 'HazardApprovalEdit') },
  { path: `${DANGER_PATHS.hazardApproval.base}/info`, title: '隐患详情', menu: 'hazardApprovalManager', load: () => named(hazards(), 'HazardApprovalInfo') },
  { path: `${DANGER_PATHS.checkModel.base}/edit`, title: '检查模板编辑', menu: 'checkModelManager', load: () => named(selfChecks(), 'CheckModelEdit') },
  { path: `${DANGER_PATHS.checkModel.base}/info`, title: '检查模板详情', menu: 'checkModelManager', load: () => named(selfChecks(), 'CheckModelInfo') },
  { path: `${DANGER_PATHS.selfCheck.base}/edit`, title: '开展自查', menu: 'checkModelManager', load: () => named(selfChecks(), 'SelfCheckRun') },
  { path: `${DANGER_PATHS.selfCheck.base}/info`, title: '自查记录详情', menu: 'checkModelManager', load: () => named(selfChecks(), 'SelfCheckInfo') },
  // 制度流程's edit and info pages (/regime)
  { path: `${REGIME_PATHS.workflow.base}/edit`, title: '制度编辑', menu: 'workflowManager', load: () => named(regimes(), 'RegimeEdit') },
  { path: `${REGIME_PATHS.workflow.base}/info`, title: '制度详情', menu: 'workflowManager', load: () => named(regimes(), 'RegimeInfo') },
  // 通知公告 (/informManger/noticeAdd, noticeInfo) and 人员通知
  { path: NOTICE_PATHS.notice.edit(), title: '通知编辑', menu: 'noticeManger', load: () => named(notices(), 'NoticeEdit') },
  { path: '/informManger/noticeInfo', title: '通知详情', menu: 'noticeManger', load: () => named(notices(), 'NoticeInfo') },
  { path: `${NOTICE_PATHS.staffNotice.base}/edit`, title: '人员通知编辑', menu: 'personnelNoticeManager', load: () => named(notices(), 'StaffNoticeEdit') },
  { path: `${NOTICE_PATHS.staffNotice.base}/info`, title: '人员通知详情', menu: 'personnelNoticeManager', load: () => named(notices(), 'StaffNoticeInfo') },
  // 安全检查 and 整改管理
  { path: '/safetyCheck/checkplanEdit', title: '检查计划编辑', menu: 'checkPlanManager', load: () => named(inspections(), 'CheckPlanEdit') },
  { path: '/safetyCheck/checkplanInfo', title: '检查计划详情', load: () => named(inspections(), 'CheckPlanInfo') },
  { path: '/safetyCheck/checkplanApprovalEdit', title: '检查计划审批', menu: 'checkPlanApprovalManager', load: () => named(inspections(), 'CheckPlanApprovalEdit') },
  { path: '/safetyCheck/checkEdit', title: '填写检查记录', menu: 'checkRecordManager', load: () => named(inspections(), 'CheckRecordEdit') },
  { path: '/safetyCheck/checkInfo', title: '检查记录详情', menu: 'checkRecordManager', load: () => named(inspections(), 'CheckRecordInfo') },
  { path: '/rectificationManager/commitRecsInfor/:uuid/:type', title: '整改通知', load: () => named(rectNotices(), 'NoticePage') },
  { path: '/rectificationManager/rectificationRecordInfor/:uuid', title: '整改记录详情', menu: 'rectificationRecordManager', load: () => named(rectNotices(), 'ArchivedNotice') },
  { path: '/rectificationManager/rectificationRecordBorrowApprovalInfor/:uuid/:recordId', title: '档案借阅', menu: 'rectificationBorrowManager', load: () => named(borrows(), 'BorrowPage') },
  { path: '/aqjczgdbManager/superviseInfo', title: '督办事项详情', menu: 'superviseManager', load: () => named(supervision(), 'SuperviseInfo') },
  { path: '/waybillManager/checklistinfoManager/:uuid', title: '核查单详情', menu: 'checklistManager', load: () => import('./supervision/ChecklistPage.tsx').then((m) => ({ default: m.ChecklistInfoPage })) },
  // 安全考核: an assessment, and the history of an assessment or an issue
  { path: '/safetyManager/assessRecordManager/info/:id', title: '考核详情', load: () => named(assessments(), 'AssessmentInfo') },
  { path: '/safetyManager/assessIssueManager/infoManager/:businessId/:businessType', title: '考核处理记录', load: () => named(assessments(), 'HistoryPage') },
  { path: '/dataFusionBLASTnManager/fusionCompareManager/result/:taskId', title: '比对结果', menu: 'fusionCompareManager', load: () => named(fusion(), 'CompareResultPage') },
  // 运单统计: the waybills a figure counts (any statistic's drill-down)
  { path: STAT_WAYBILLS_PATH, title: '统计运单', load: () => import('./stats/StatWaybills.tsx') },
  // 我的考试: taking an exam, my graded paper, my attempts at an exam
  { path: '/mytestpaperinfo1/:uuid', title: '考试', menu: 'myExemManager', load: () => named(myExams(), 'ExamTaking') },
  { path: '/learningManager/mytestpaperinfo/:uuid', title: '试卷详情', load: () => named(myExams(), 'MyPaper') },
  { path: '/learningManager/myExemManagerinfo/:uuid', title: '考试记录', menu: 'myExemManager', load: () => named(myExams(), 'MyExamHistory') },
  // 考试管理's editor
  { path: '/learningManager/exemManagerAdd', title: '新增考试', menu: 'exemManager', load: () => import('./exam/ExamEdit.tsx') },
  { path: '/learningManager/exemManagerEdit/:uuid', title: '编辑考试', menu: 'exemManager', load: () => import('./exam/ExamEdit.tsx') },
];
