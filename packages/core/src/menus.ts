/**
 * The menu catalogue: every menu code of the product with its title, icon, path and element
 * codes. Seeds the base_menu / base_element tables and names the pages of the web app.
 * Codes and top-level paths are the product's (grants use them), misspellings included (alertMessgae, informManger).
 * A menu page lives at `/<top-level code>/<menu code>` unless `path` says otherwise.
 */
export type MenuSide = 'enterprise' | 'government' | 'super';

export interface ElementDef { code: string; name: string; method?: string }
export interface MenuDef {
  code: string;
  title: string;
  icon?: string;
  path?: string;
  children?: readonly MenuDef[];
  hidden?: boolean;
  /** element codes of this menu (full codes, `${code}:btn_x`) */
  elements?: ElementDef[];
  /** sides whose demo roles are granted this menu; the platform admin holds every menu */
  sides?: readonly MenuSide[];
}

const CRUD = [
  ['btn_add', '新增', 'POST'], ['btn_edit', '编辑', 'PUT'], ['btn_del', '删除', 'DELETE'], ['btn_export', '导出', 'POST'],
] as const;
interface PageOpts { sides?: readonly MenuSide[]; import?: boolean; readOnly?: boolean; extra?: readonly (readonly [string, string])[]; path?: string; hidden?: boolean }
/** The button suffixes a page() call grants, as a type: what the function below builds at run time. */
type PageButtons<O extends PageOpts> = 'view' | 'btn_export'
  | (O extends { readOnly: true } ? never : (typeof CRUD)[number][0])
  | (O extends { import: true } ? 'btn_import' : never)
  | (O extends { extra: readonly (readonly [infer S extends string, string])[] } ? S : never);
/** A menu whose code and element codes are known to the type checker (MenuCode and ElementCode are read from these). */
export interface TypedMenu<C extends string = string, E extends string = never, K extends readonly TypedMenu<string, string, readonly any[]>[] = readonly []> extends MenuDef {
  code: C;
  children?: K;
  /** type only: the element codes of this menu */
  readonly __elements?: E;
}
/** a list page with the usual buttons; `extra` adds workflow buttons as [suffix, 名称] */
function page<const C extends string, const O extends PageOpts = PageOpts>(code: C, title: string, icon: string, opts: O = {} as O): TypedMenu<C, `${C}:${PageButtons<O>}`> {
  const els: ElementDef[] = [{ code: `${code}:view`, name: '查看', method: 'GET' }];
  if (!opts.readOnly) for (const [s, n, m] of CRUD) els.push({ code: `${code}:${s}`, name: n, method: m });
  else els.push({ code: `${code}:btn_export`, name: '导出', method: 'POST' });
  if (opts.import) els.push({ code: `${code}:btn_import`, name: '导入', method: 'POST' });
  for (const [s, n] of opts.extra ?? []) els.push({ code: `${code}:${s}`, name: n, method: 'POST' });
  return { code, title, icon, elements: els, sides: opts.sides, path: opts.path, hidden: opts.hidden };
}
const dir = <const C extends string, const K extends readonly TypedMenu<string, string, readonly any[]>[]>(code: C, title: string, icon: string, children: K, sides?: readonly MenuSide[]): TypedMenu<C, never, K> =>
  ({ code, title, icon, children, sides });

const E: MenuSide[] = ['enterprise'];
const G: MenuSide[] = ['government'];
const EG: MenuSide[] = ['enterprise', 'government'];
const GS: MenuSide[] = ['government', 'super'];

export const MENUS = [
  dir('adminSys', '系统管理', 'SettingOutlined', [
    page('userManager', '用户管理', 'UserOutlined', { sides: EG, extra: [['btn_resetPassword', '重置密码'], ['btn_unlock', '解锁']] }),
    page('menuManager', '菜单管理', 'MenuOutlined', { sides: ['super'], extra: [['btn_element_add', '新增元素'], ['btn_element_edit', '编辑元素'], ['btn_element_del', '删除元素']] }),
    page('groupManager', '角色权限管理', 'TeamOutlined', { sides: ['government', 'super'], extra: [['btn_resourceManager', '分配权限'], ['btn_userManager', '分配用户']] }),
    page('groupTypeManager', '角色类型管理', 'ApartmentOutlined', { sides: ['super'] }),
    page('gateLogManager', '操作日志', 'FileSearchOutlined', { sides: EG, readOnly: true }),
    page('dictManager', '代码表', 'BookOutlined', { sides: ['super'] }),
    page('orgManager', '组织机构', 'ClusterOutlined', { sides: GS }),
    page('serviceManager', '服务管理', 'ApiOutlined', { sides: ['super'], extra: [['btn_resetSecret', '重置密钥']] }),
    page('serviceRegistryManager', '服务注册', 'CloudServerOutlined', { sides: ['super'], readOnly: true }),
    page('serviceStatusManager', '服务状态监控', 'DashboardOutlined', { sides: ['super'], readOnly: true }),
    page('serviceTraceManager', '链路监控', 'NodeIndexOutlined', { sides: ['super'], readOnly: true }),
    page('articleManager', '文章管理', 'FileTextOutlined', { sides: G, extra: [['btn_publish', '发布']] }),
    page('policyManager', '政策法规', 'AuditOutlined', { sides: G, extra: [['btn_publish', '发布']] }),
    page('appManager', 'APP管理', 'MobileOutlined', { sides: ['super'] }),
  ], EG),
  dir('waybillBaseInfo', '运单基础信息', 'DatabaseOutlined', [
    page('shipperManager', '托运人', 'ShopOutlined', { sides: E, import: true }),
    page('consigneeManager', '收货人', 'InboxOutlined', { sides: E, import: true }),
    page('loaderManager', '装货人', 'ContainerOutlined', { sides: E, import: true }),
    page('cargoManager', '常用危险货物', 'ExperimentOutlined', { sides: E }),
    page('carDriverManager', '车辆人员绑定', 'IdcardOutlined', { sides: E }),
    page('transportManager', '常用运输线路', 'NodeExpandOutlined', { sides: E }),
    page('fleetManager', '车队', 'CarOutlined', { sides: E }),
  ], E),
  dir('transportMission', '运输任务', 'ScheduleOutlined', [
    page('baseManager', '运单填报', 'FormOutlined', { sides: E, path: '/transportMission/base', extra: [['btn_submit', '提交'], ['btn_cancel', '作废']] }),
    page('dispatchManager', '调度派车', 'SendOutlined', { sides: E, path: '/transportMission/dispatch', extra: [['btn_dispatch', '调度']] }),
    page('waybillCheckManager', '出车检查', 'SafetyCertificateOutlined', { sides: E, path: '/transportMission/waybillCheck', extra: [['btn_check', '检查']] }),
    page('distributeManager', '运单下发', 'CloudUploadOutlined', { sides: E, path: '/transportMission/distribute', extra: [['btn_distribute', '下发']] }),
    page('checkItemManager', '检查项', 'CheckSquareOutlined', { sides: E }),
    page('waybillManageManager', '运单管理', 'ProfileOutlined', { sides: E, extra: [['btn_load', '装货确认'], ['btn_unload', '卸货签收'], ['btn_cancel', '作废'], ['btn_close', '异常关闭'], ['btn_change', '变更']] }),
    page('emptyLedgerManager', '空车台账', 'CarryOutOutlined', { sides: E }),
  ], E),
  dir('waybillManager', '运单监管', 'MonitorOutlined', [
    page('waybillMonitorManager', '运单监控', 'EyeOutlined', { sides: G, readOnly: true }),
    page('waybillRatioManager', '运单填报率', 'PercentageOutlined', { sides: G, readOnly: true }),
    page('abnormalWaybillManager', '异常运单', 'WarningOutlined', { sides: G, extra: [['btn_checklist', '下发核查单']] }),
    page('checklistManager', '核查单', 'SnippetsOutlined', { sides: EG, extra: [['btn_receive', '签收'], ['btn_reply', '回复'], ['btn_finish', '办结'], ['btn_return', '退回']] }),
  ], EG),
  dir('danger', '隐患排查治理', 'AlertOutlined', [
    page('meetingManager', '安全会议', 'CommentOutlined', { sides: E }),
    page('dangerCheckItemManager', '检查项目', 'UnorderedListOutlined', { sides: E }),
    page('checkModelManager', '检查模板', 'LayoutOutlined', { sides: E }),
    page('checkFunctionManager', '检查类型', 'TagsOutlined', { sides: E }),
    page('hazardRegisterManager', '隐患登记', 'ExclamationCircleOutlined', { sides: E, extra: [['btn_submit', '提交']] }),
    page('hazardHandleManager', '隐患整改', 'ToolOutlined', { sides: E, extra: [['btn_submit', '提交验收']] }),
    page('hazardApprovalManager', '隐患验收', 'FileDoneOutlined', { sides: EG, extra: [['btn_pass', '通过'], ['btn_return', '退回']] }),
    page('trainingLedgerManager', '培训台账', 'ReadOutlined', { sides: E }),
    page('violatorLedgerManager', '违章人员台账', 'StopOutlined', { sides: E }),
    page('rectificationLedgerManager', '整改台账', 'FileProtectOutlined', { sides: E, readOnly: true }),
  ], E),
  dir('regime', '安全制度与费用', 'SafetyOutlined', [
    page('workflowManager', '制度流程', 'PartitionOutlined', { sides: E, extra: [['btn_publish', '发布']] }),
    page('fundsExtractManager', '安全费用提取', 'MoneyCollectOutlined', { sides: E }),
    page('fundsUseManager', '安全费用使用', 'PayCircleOutlined', { sides: E }),
    page('fundsTrackManager', '费用支出跟踪', 'LineChartOutlined', { sides: EG, readOnly: true }),
    page('organizationManager', '安全管理机构', 'ApartmentOutlined', { sides: E }),
    page('dutyManager', '安全生产责任', 'SolutionOutlined', { sides: E }),
    page('prizeManager', '奖惩', 'TrophyOutlined', { sides: E }),
  ], E),
  dir('informManger', '通知公告', 'NotificationOutlined', [
    page('noticeManger', '通知公告', 'SoundOutlined', { sides: EG, extra: [['btn_publish', '发布']] }),
    page('personnelNoticeManager', '人员通知', 'UsergroupAddOutlined', { sides: E, extra: [['btn_publish', '发布']] }),
    page('enterpriseVehicleAuditManager', '企业车辆审核', 'AuditOutlined', { sides: G, extra: [['btn_pass', '通过'], ['btn_reject', '驳回']] }),
  ], EG),
  dir('messageSend', '站内消息', 'MailOutlined', [
    page('inboxManager', '收件箱', 'InboxOutlined', { sides: EG }),
    page('newMessageManager', '发消息', 'EditOutlined', { sides: EG }),
    page('sentMessageManager', '已发送', 'SendOutlined', { sides: EG, readOnly: true }),
  ], EG),
  dir('businessLobby', '业务大厅', 'AppstoreOutlined', [
    page('lobbyWarningManager', '预警信息', 'BellOutlined', { sides: E, readOnly: true }),
    page('lobbyMessageManager', '消息', 'MessageOutlined', { sides: E, readOnly: true }),
    page('lobbyFeedbackManager', '整改反馈', 'RetweetOutlined', { sides: E, readOnly: true, extra: [['btn_report', '督办进展报告']] }),
  ], E),
  dir('fileManagement', '档案管理', 'FolderOpenOutlined', [
    page('companyBasicManager', '企业基本信息', 'BankOutlined', { sides: EG, import: true }),
    page('companyLicenceManager', '证照信息', 'SafetyCertificateOutlined', { sides: EG }),
    page('companyGoodsManager', '常运货物', 'GoldOutlined', { sides: EG }),
    page('companyParkManager', '停车场', 'EnvironmentOutlined', { sides: EG }),
    page('vehicleBasicManager', '车辆基本信息', 'CarOutlined', { sides: EG, import: true, extra: [['btn_submitAudit', '提交审核']] }),
    page('vehicleDailyRepairManager', '日常维修', 'ToolOutlined', { sides: EG }),
    page('vehicleLevel1Manager', '一级维护', 'BuildOutlined', { sides: EG }),
    page('vehicleLevel2Manager', '二级维护', 'BuildOutlined', { sides: EG }),
    page('vehicleMaintainManager', '保养', 'ExperimentOutlined', { sides: EG }),
    page('vehicleGpsRepairManager', '卫星定位装置维修', 'AimOutlined', { sides: EG }),
    page('vehicleTyreManager', '轮胎更换', 'SyncOutlined', { sides: EG }),
    page('vehicleFacilityManager', '安全设施', 'FireOutlined', { sides: EG }),
    page('tankBasicManager', '罐体基本信息', 'DatabaseOutlined', { sides: EG, import: true, extra: [['btn_submitAudit', '提交审核']] }),
    page('tankCheckManager', '罐体定期检验', 'FileSearchOutlined', { sides: EG }),
    page('tankRepairManager', '罐体维修', 'ToolOutlined', { sides: EG }),
    page('tankMaintainManager', '罐体保养', 'ExperimentOutlined', { sides: EG }),
    page('tankContainerManager', '罐式集装箱', 'ContainerOutlined', { sides: EG, import: true }),
    page('staffManager', '人员档案', 'IdcardOutlined', { sides: EG, import: true }),
    page('staffEntryManager', '入职', 'UserAddOutlined', { sides: E }),
    page('staffLeaveManager', '离职', 'UserDeleteOutlined', { sides: E }),
  ], EG),
  dir('alertMessgae', '到期预警', 'FieldTimeOutlined', [
    page('alertCompanyLicence', '企业证照', 'BankOutlined', { sides: E, readOnly: true }),
    page('alertVehicleTransport', '车辆道路运输证', 'CarOutlined', { sides: E, readOnly: true }),
    page('alertVehicleReview', '车辆年审', 'CalendarOutlined', { sides: E, readOnly: true }),
    page('alertVehicleInsurance', '车辆保险', 'InsuranceOutlined', { sides: E, readOnly: true }),
    page('alertTankCheck', '罐体检验', 'FileSearchOutlined', { sides: E, readOnly: true }),
    page('alertStaffQualification', '从业资格证', 'IdcardOutlined', { sides: E, readOnly: true }),
    page('alertDriverLicence', '驾驶证', 'CreditCardOutlined', { sides: E, readOnly: true }),
  ], E),
  dir('jtxxjccxManager', '静态信息预警', 'HourglassOutlined', [
    page('ryzgDueManager', '人员资格即将到期', 'IdcardOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
    page('ryzgOverdueManager', '人员资格已过期', 'IdcardOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
    page('cldlysDueManager', '车辆道路运输证即将到期', 'CarOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
    page('cldlysOverdueManager', '车辆道路运输证已过期', 'CarOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
    page('jyxkDueManager', '经营许可证即将到期', 'BankOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
    page('jyxkOverdueManager', '经营许可证已过期', 'BankOutlined', { sides: G, readOnly: true, extra: [['btn_notify', '通知企业']] }),
  ], G),
  dir('jcxxcxManager', '基础信息查询', 'SearchOutlined', [
    page('qyxxcxManager', '企业信息', 'BankOutlined', { sides: G, readOnly: true }),
    page('clxxcxManager', '车辆信息', 'CarOutlined', { sides: G, readOnly: true }),
    page('cyryxxManager', '从业人员', 'TeamOutlined', { sides: G, readOnly: true }),
    page('jcxxgcgtManager', '罐车罐体', 'DatabaseOutlined', { sides: G, readOnly: true }),
    page('gsjzxManager', '高速卡口通行', 'FlagOutlined', { sides: G, readOnly: true }),
    page('ycydManager', '异常运单', 'WarningOutlined', { sides: G, readOnly: true }),
  ], G),
  dir('zydXxkbManager', '信息看板', 'FundOutlined', [
    page('dynamicMonitorManager', '动态监控', 'RadarChartOutlined', { sides: G, readOnly: true }),
    page('basicQueryManager', '基础查询', 'FileSearchOutlined', { sides: G, readOnly: true }),
    page('staticMonitorManager', '静态监控', 'PieChartOutlined', { sides: G, readOnly: true }),
    page('paramSettingManager', '参数设置', 'ControlOutlined', { sides: G }),
    page('tipSummaryManager', '提示汇总', 'OrderedListOutlined', { sides: G, readOnly: true }),
  ], G),
  dir('waybillStatistics', '运单统计', 'BarChartOutlined', [
    page('statTotalManager', '运单总量', 'AreaChartOutlined', { sides: EG, readOnly: true }),
    page('statClassManager', '货物类别', 'PieChartOutlined', { sides: EG, readOnly: true }),
    page('statGoodsManager', '品名统计', 'BarsOutlined', { sides: EG, readOnly: true }),
    page('statEnterpriseManager', '企业排名', 'RiseOutlined', { sides: G, readOnly: true }),
    page('statVehicleManager', '车辆运输', 'CarOutlined', { sides: EG, readOnly: true }),
    page('statFlowManager', '区域流向', 'SwapOutlined', { sides: EG, readOnly: true }),
    page('statEmptyManager', '空车运输', 'ShoppingCartOutlined', { sides: EG, readOnly: true }),
    page('statAbnormalManager', '异常运单统计', 'WarningOutlined', { sides: EG, readOnly: true }),
  ], EG),
  dir('industryManager', '行业统计', 'StockOutlined', [
    page('industryEnterpriseManager', '企业统计', 'BankOutlined', { sides: G, readOnly: true }),
    page('industryVehicleManager', '车辆统计', 'CarOutlined', { sides: G, readOnly: true }),
    page('industryStaffManager', '从业人员统计', 'TeamOutlined', { sides: G, readOnly: true }),
    page('industryValidityManager', '证件有效率', 'CheckCircleOutlined', { sides: G, readOnly: true }),
  ], G),
  dir('safetyCheck', '安全检查', 'SecurityScanOutlined', [
    page('checkPlanManager', '检查计划', 'CalendarOutlined', { sides: G, extra: [['btn_submit', '提交审批']] }),
    page('checkPlanApprovalManager', '计划审批', 'FileDoneOutlined', { sides: G, extra: [['btn_pass', '通过'], ['btn_reject', '驳回']] }),
    page('checkRecordManager', '检查记录', 'FileTextOutlined', { sides: G }),
  ], G),
  dir('rectificationManager', '整改管理', 'IssuesCloseOutlined', [
    page('rectificationNoticeManager', '整改通知', 'NotificationOutlined', { sides: EG, extra: [['btn_commit', '提交整改'], ['btn_pass', '合格'], ['btn_return', '退回']] }),
    page('rectificationRecordManager', '整改记录', 'HistoryOutlined', { sides: EG, readOnly: true }),
    page('rectificationBorrowManager', '档案借阅', 'ReadOutlined', { sides: EG, extra: [['btn_approve', '审批'], ['btn_return', '归还']] }),
  ], EG),
  dir('aqjczgdbManager', '整改督办', 'FlagOutlined', [
    page('superviseManager', '督办事项', 'FlagOutlined', { sides: G, extra: [['btn_report', '进展报告'], ['btn_raise', '提级督办'], ['btn_close', '销号']] }),
  ], G),
  dir('zfdZskManager', '知识库', 'ReadOutlined', [
    page('dangerousGoodsManager', '危险货物品名', 'ExperimentOutlined', { sides: EG, import: true }),
    page('regulationManager', '法律法规', 'BookOutlined', { sides: EG }),
    page('standardManager', '标准规范', 'ProfileOutlined', { sides: EG }),
    page('emergencyManager', '应急处置方法', 'MedicineBoxOutlined', { sides: EG }),
    page('accidentCaseManager', '事故案例', 'FireOutlined', { sides: EG }),
    page('gcgtxxManager', '罐车', 'CarOutlined', { sides: EG }),
    page('tankBoxManager', '罐箱', 'ContainerOutlined', { sides: EG }),
    page('signManager', '标志标识', 'WarningOutlined', { sides: EG }),
  ], EG),
  dir('learningManager', '在线学习考试', 'ReadOutlined', [
    page('subjectManager', '科目', 'AppstoreOutlined', { sides: EG }),
    page('courseManager', '课程', 'PlayCircleOutlined', { sides: EG }),
    page('questionManager', '题库', 'QuestionCircleOutlined', { sides: EG, import: true }),
    page('exemManager', '考试管理', 'FormOutlined', { sides: EG }),
    page('myExemManager', '我的考试', 'EditOutlined', { sides: E, readOnly: true }),
    page('mySubjectManager', '我的课程', 'ReadOutlined', { sides: E, readOnly: true }),
  ], EG),
  dir('dataFusionBLASTnManager', '数据融合比对', 'DeploymentUnitOutlined', [
    page('fusionImportManager', '外部数据导入', 'ImportOutlined', { sides: G, import: true }),
    page('fusionCompareManager', '比对任务', 'BranchesOutlined', { sides: G, extra: [['btn_run', '运行比对'], ['btn_abnormal', '生成异常运单']] }),
  ], G),
  dir('safetyManager', '安全考核', 'TrophyOutlined', [
    page('assessRecordManager', '考核记录', 'FileTextOutlined', { sides: EG }),
    page('assessResultManager', '考核结果', 'CheckCircleOutlined', { sides: EG, extra: [['btn_publish', '发布结果']] }),
    page('assessIssueManager', '考核下发', 'SendOutlined', { sides: G }),
    page('assessBorrowManager', '档案借阅', 'ReadOutlined', { sides: EG, extra: [['btn_approve', '审批'], ['btn_return', '归还']] }),
    page('assessModelManager', '考核模型', 'LayoutOutlined', { sides: G }),
    page('assessIndicatorManager', '考核指标', 'UnorderedListOutlined', { sides: G }),
    page('assessGroupManager', '考核组', 'TeamOutlined', { sides: G }),
    page('assessStatManager', '考核统计', 'BarChartOutlined', { sides: G, readOnly: true }),
  ], EG),
] as const;

/** every menu code of the catalogue, directories included */
export type MenuCode = CodesOf<(typeof MENUS)[number]>;
/** every element (button) code of the catalogue, e.g. `shipperManager:btn_add` */
export type ElementCode = ElementsOf<(typeof MENUS)[number]>;
type CodesOf<M> = M extends TypedMenu<infer C, string, infer K> ? C | CodesOf<K[number]> : never;
type ElementsOf<M> = M extends TypedMenu<string, infer E, infer K> ? E | ElementsOf<K[number]> : never;


/** every menu, depth first, with its parent code and full front-end path */
export interface FlatMenu extends MenuDef { parentCode: string | null; fullPath: string; top: string }
export function flattenMenus(menus: readonly MenuDef[] = MENUS): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (list: readonly MenuDef[], parent: FlatMenu | null) => {
    for (const m of list) {
      const top = parent ? parent.top : m.code;
      const fullPath = m.path ?? (parent ? `/${top}/${m.code}` : `/${m.code}`);
      const fm: FlatMenu = { ...m, parentCode: parent?.code ?? null, fullPath, top };
      out.push(fm);
      if (m.children) walk(m.children, fm);
    }
  };
  walk(menus, null);
  return out;
}

const MENU_CODES: ReadonlySet<string> = new Set(flattenMenus().map((m) => m.code));
const ELEMENT_CODES: ReadonlySet<string> = new Set(flattenMenus().flatMap((m) => (m.elements ?? []).map((e) => e.code)));
/** whether a code read at run time (a grant, a code built from a definition's menu) is one of the catalogue's menus */
export const isMenuCode = (code: string): code is MenuCode => MENU_CODES.has(code);
/** whether a code read at run time is one of the catalogue's element (button) codes */
export const isElementCode = (code: string): code is ElementCode => ELEMENT_CODES.has(code);
/**
 * A menu's button code from a menu held in a variable (a definition's `menu`): `${menu}:${button}` is not provably in the
 * catalogue to the type checker, so it is looked up — undefined when the menu has no such button (no grant holds it;
 * a route declaring it is refused at registration).
 */
export function elementOf(menu: MenuCode, button: string): ElementCode | undefined {
  const code = `${menu}:${button}`;
  return isElementCode(code) ? code : undefined;
}
/** the catalogue's title of a menu: pages, statistics and workflow buttons read it rather than repeat it */
export function menuTitle(code: MenuCode): string {
  return MENU_TITLES.get(code)!;
}
const MENU_TITLES: ReadonlyMap<string, string> = new Map(flattenMenus().map((m) => [m.code, m.title]));

/**
 * The entries of the bell: menu code → reminder key of getRemindInfo, and `follows`, the resource key whose changes change
 * the count (the web refetches the counts when that key changes).
 */
export const BELL_ENTRIES = [
  { key: 'unread', title: '通知公告', menu: 'noticeManger', follows: 'notice' },
  { key: 'uncommitted', title: '待提交', menu: 'baseManager', follows: 'waybill' },
  { key: 'unscheduled', title: '待调度', menu: 'dispatchManager', follows: 'waybill' },
  { key: 'unchecked', title: '待检查', menu: 'waybillCheckManager', follows: 'waybill' },
  { key: 'undistributed', title: '待下发', menu: 'distributeManager', follows: 'waybill' },
  /** regimes the signed-in person was asked to read (制度阅知): listed only while there are some */
  { key: 'unreadRegime', title: '制度待阅知', menu: 'workflowManager', onlyWhenSome: true, follows: 'regimeDoc' },
  { key: 'unreadStaffNotice', title: '人员通知', menu: 'personnelNoticeManager', onlyWhenSome: true, follows: 'staffNotice' },
  { key: 'unreadMessage', title: '站内消息', menu: 'inboxManager', onlyWhenSome: true, follows: 'message' },
  /** approved borrowings past their date that the borrower has not yet returned */
  { key: 'overdueBorrow', title: '借阅逾期未归还', menu: 'rectificationBorrowManager', onlyWhenSome: true, follows: 'rectBorrow' },
  { key: 'overdueAssessBorrow', title: '考核档案借阅逾期', menu: 'assessBorrowManager', onlyWhenSome: true, follows: 'rectBorrow' },
] as const;

/** Menus of the super-admin entry (pageB): menus and elements, role types, organisations, service management and monitoring. */
export const SUPER_MENUS = ['adminSys', 'menuManager', 'groupManager', 'groupTypeManager', 'orgManager', 'dictManager', 'serviceManager', 'serviceRegistryManager', 'serviceStatusManager', 'serviceTraceManager', 'appManager'];
