/** 档案管理: 一企一档. The enterprise table is also the platform's: users, scope and regions hang on it. */
import { resource, text, textarea, date, dict, region, number, integer, enumOf, file, ref, bool } from '../resource.ts';
import type { MenuCode } from '../menus.ts';
import type { StateDef, StepDef } from '../workflow.ts';

/** the states of 企业车辆审核: waiting, approved, rejected (with the opinion the enterprise reads), and their tag colours */
export const REVIEW_STATES = { 待审核: { color: 'processing' }, 已通过: { color: 'success' }, 已驳回: { color: 'error' } } as const satisfies Record<string, StateDef>;
/** 审核状态 of a vehicle or tank: a 草稿 besides, and a record 待审核 neither edited nor deleted until 企业车辆审核 decides */
const AUDIT_STATES = { 草稿: { color: 'default' }, ...REVIEW_STATES } as const satisfies Record<string, StateDef>;
/** the review's states in order (企业车辆审核's tabs) */
export const AUDIT_STATUSES = ['待审核', '已通过', '已驳回'] as const satisfies readonly (keyof typeof REVIEW_STATES)[];
/** what 企业车辆审核 reviews: new records, and changes of approved records' supervised fields (原值 / 新值) */
export const AUDIT_KINDS = ['enterprise', 'vehicle', 'tank', 'enterpriseChange', 'vehicleChange', 'tankChange'] as const;
/** the 审核状态 from which a vehicle or tank is submitted for audit (提交审核 → 待审核) */
export const AUDIT_SUBMITTABLE = ['草稿', '已驳回'] as const;
/**
 * 企业车辆审核's two decisions on whatever waits for it (a registration, a vehicle, a tank, a change of an approved
 * record's supervised fields): 通过 takes an opinion if given, 驳回 needs the opinion the enterprise reads. The routes
 * are the product's `/audit/pass|reject/:type/:id` (modules/approval/review.ts); what a decision brings about (the
 * registration's administrator enabled, a change's new values written) is that module's hook.
 */
export const REVIEW_STEPS = {
  pass: { label: '通过', from: ['待审核'], to: '已通过', sides: ['government', 'platform'], elements: ['enterpriseVehicleAuditManager:btn_pass'], opinion: { optional: true, label: '审核意见' } },
  reject: {
    label: '驳回', from: ['待审核'], to: '已驳回', sides: ['government', 'platform'], elements: ['enterpriseVehicleAuditManager:btn_reject'],
    opinion: { required: '请输入驳回意见', label: '驳回意见', named: true },
  },
} as const satisfies Record<string, StepDef>;
/**
 * 提交审核 of a vehicle or tank by the side that keeps it (a 草稿, or one 已驳回 once corrected): the route is each
 * record's own `/xxda/{vehicle|tank}/submitAudit/:id` behind its screen's button (modules/records)
 */
const SUBMIT_STEP = {
  submitAudit: { label: '提交审核', from: AUDIT_SUBMITTABLE, to: '待审核', sides: ['enterprise', 'platform'], elements: ['vehicleBasicManager:btn_submitAudit', 'tankBasicManager:btn_submitAudit'] },
} as const satisfies Record<string, StepDef>;
/** a rejected registration corrected by its applicant goes back to 待审核 */
const RESUBMIT_STEP = {
  resubmit: { label: '重新提交', from: ['已驳回'], to: '待审核', sides: ['enterprise'], elements: [], applicant: true },
} as const satisfies Record<string, StepDef>;
const AUDITED = { owns: ['auditStatus', 'auditOpinion'], stateField: 'auditStatus', states: AUDIT_STATES, steps: { ...SUBMIT_STEP, ...REVIEW_STEPS }, lockedIn: ['待审核'] } as const;

export const enterprise = resource({
  key: 'enterprise', area: 'xxda', menu: 'companyBasicManager', title: '企业', scope: 'enterpriseSelf', table: 'enterprise', labelField: 'name',
  importable: true, writableBy: ['enterprise', 'platform'],
  supervised: ['name', 'creditCode', 'legalPerson', 'licenceNo', 'licenceExpiry', 'businessScope', 'scopeUnNos', 'regionCode', 'licenceScan'],
  // 企业车辆审核 decides a registration; its applicant revises a rejected one (重新提交, on the public route of
  // modules/approval/register.ts, behind the application's account and password)
  workflow: { owns: ['auditStatus', 'auditOpinion'], stateField: 'auditStatus', states: REVIEW_STATES, steps: { ...REVIEW_STEPS, ...RESUBMIT_STEP } },
  // the waybill lists, 异常运单 and 核查单 filter by 企业 (the statistics too: ./options.ts)
  pickMenus: ['waybillMonitorManager', 'abnormalWaybillManager', 'checklistManager'],
  fields: {
    name: text('企业名称', { required: true, max: 100, column: true, search: 'like', fuzzyIndex: true, unique: true }),
    creditCode: text('统一社会信用代码', { required: true, rule: 'creditCode', unique: true, column: true, search: 'eq' }),
    legalPerson: text('法定代表人', { required: true, max: 20, column: true }),
    licenceNo: text('道路运输经营许可证号', { required: true, max: 50, column: true, search: 'like' }),
    licenceExpiry: date('经营许可证有效期至', { required: true, column: true, search: 'range', sort: true }),
    businessScope: dict('经营范围', 'businessScope', { required: true, multiple: true, help: '许可证核定的类别或项别；剧毒化学品、危险废物另行核定' }),
    scopeUnNos: text('核定品名（UN编号）', { max: 500, help: '许可证按品名核定时填写，多个UN编号用逗号分隔' }),
    regionCode: region('所在地区', { required: true, column: true, search: true }),
    address: text('详细地址', { required: true, max: 200 }),
    phone: text('联系电话', { required: true, rule: 'phoneOrLandline', column: true }),
    registeredCapital: number('注册资本（万元）', { min: 0 }),
    establishedDate: date('成立日期'),
    safetyManager: text('安全负责人', { max: 20 }),
    safetyManagerPhone: text('安全负责人电话', { rule: 'phoneOrLandline' }),
    status: enumOf('经营状态', ['正常', '停业', '注销'], { required: true, default: '正常', column: true, search: 'eq' }),
    auditStatus: enumOf('审核状态', ['待审核', '已通过', '已驳回'], { readOnly: true, default: '已通过', column: true, search: 'eq' }),
    auditOpinion: textarea('审核意见', { readOnly: true, max: 500 }),
    licenceScan: file('许可证扫描件'),
  },
});


const AUDIT = enumOf('审核状态', ['草稿', '待审核', '已通过', '已驳回'], { readOnly: true, default: '草稿', column: true, search: 'eq' });
const AUDIT_OPINION = textarea('审核意见', { readOnly: true, max: 500 });

export const companyLicence = resource({
  key: 'companyLicence', area: 'xxda', menu: 'companyLicenceManager', title: '证照', scope: 'enterprise', labelField: 'certNo',
  defaultSort: { field: 'expiryDate', order: 'asc' },
  fields: {
    certType: enumOf('证照类型', ['道路运输经营许可证', '营业执照', '安全生产标准化达标证明', '危险货物承运人责任保险', '其他'], { required: true, column: true, search: 'eq' }),
    certNo: text('证照编号', { required: true, max: 60, column: true, search: 'like' }),
    issuer: text('发证机关', { required: true, max: 100, column: true }),
    issueDate: date('发证日期', { required: true, column: true }),
    expiryDate: date('有效期至', { required: true, column: true, search: 'range', sort: true }),
    attachments: file('附件', { multiple: true }),
  },
});

export const companyGoods = resource({
  key: 'companyGoods', area: 'xxda', menu: 'companyGoodsManager', scope: 'enterprise', labelField: 'goodsName',
  fields: {
    goodsId: ref('危险货物', 'dangerousGoods', 'nameZh', { required: true }),
    unNo: text('UN编号', { readOnly: true, column: true, search: 'eq', max: 8 }),
    goodsName: text('品名', { readOnly: true, column: true, search: 'like', max: 200 }),
    goodsClass: text('类别', { readOnly: true, column: true, max: 16 }),
    packingGroup: text('包装类别', { readOnly: true, column: true, max: 8 }),
    annualVolume: number('年运量（吨）', { min: 0, column: true }),
    remark: textarea('备注', { max: 500 }),
  },
});

export const companyPark = resource({
  key: 'companyPark', area: 'xxda', menu: 'companyParkManager', scope: 'enterprise', labelField: 'name',
  fields: {
    name: text('停车场名称', { required: true, max: 100, column: true, search: 'like' }),
    regionCode: region('所在地区', { required: true, column: true, search: true }),
    address: text('详细地址', { required: true, max: 200, column: true }),
    area: number('面积（平方米）', { required: true, min: 0, column: true }),
    spaces: integer('车位数', { required: true, column: true }),
    ownership: enumOf('产权', ['自有', '租赁'], { required: true, column: true, search: 'eq' }),
    leaseExpiry: date('租期至', { column: true }),
    facilities: textarea('安全设施', { max: 1000 }),
    attachments: file('附件', { multiple: true }),
  },
});

export const vehicle = resource({
  key: 'vehicle', area: 'xxda', menu: 'vehicleBasicManager', title: '车辆', scope: 'enterprise', labelField: 'plateNo', importable: true,
  actions: { submitAudit: '提交审核' },
  workflow: AUDITED,
  // 调度派车 and 运单变更 pick the crew
  pickMenus: ['dispatchManager', 'waybillManageManager'],
  supervised: ['plateNo', 'plateColor', 'vehicleType', 'vin', 'approvedLoad', 'totalMass', 'transportCertNo', 'transportCertExpiry', 'annualReviewExpiry',
    'inspectionExpiry', 'techGrade', 'compulsoryInsuranceExpiry', 'commercialInsuranceExpiry', 'carrierInsuranceExpiry'],
  fields: {
    plateNo: text('车牌号码', { required: true, rule: 'plate', unique: true, column: true, search: 'like', fuzzyIndex: true, max: 10 }),
    plateColor: dict('车牌颜色', 'plateColor', { required: true, column: true, default: '2' }),
    vehicleType: dict('车辆类型', 'vehicleType', { required: true, column: true, search: 'eq' }),
    brandModel: text('品牌型号', { required: true, max: 60 }),
    vin: text('车架号', { required: true, max: 17, min: 17, unique: true, rule: 'alnum20', upperCase: true }),
    engineNo: text('发动机号', { max: 30 }),
    approvedLoad: integer('核定载质量（千克）', { required: true, column: true }),
    totalMass: integer('总质量（千克）', { required: true }),
    dimensions: text('外廓尺寸（毫米）', { max: 40, placeholder: '长×宽×高' }),
    transportCertNo: text('道路运输证号', { required: true, max: 40, column: true, search: 'like' }),
    transportCertExpiry: date('道路运输证有效期至', { required: true, column: true, search: 'range', sort: true }),
    annualReviewExpiry: date('年审有效期至', { required: true, column: true, search: 'range', sort: true }),
    inspectionExpiry: date('行驶证检验有效期至', { required: true }),
    techGrade: enumOf('技术等级', ['一级', '二级', '三级'], { required: true, default: '一级' }),
    compulsoryInsuranceExpiry: date('交强险止期', { required: true, search: 'range' }),
    commercialInsuranceExpiry: date('商业险止期'),
    carrierInsuranceExpiry: date('承运人责任险止期', { required: true, search: 'range' }),
    gpsTerminalNo: text('卫星定位终端号', { max: 30 }),
    registerDate: date('登记日期', { required: true }),
    status: enumOf('营运状态', ['营运', '停运', '报废'], { required: true, default: '营运', column: true, search: 'eq' }),
    auditStatus: AUDIT,
    auditOpinion: AUDIT_OPINION,
    photos: file('车辆照片', { multiple: true }),
  },
});

/** the six maintenance-type sub-records of a vehicle share one shape */
const vehicleRecord = (key: string, menu: MenuCode) => resource({
  key, area: 'xxda', menu, scope: 'enterprise', parent: { resource: 'vehicle', field: 'vehicleId' }, labelField: 'content',
  defaultSort: { field: 'recordDate', order: 'desc' },
  fields: {
    vehicleId: ref('车辆', 'vehicle', 'plateNo', { required: true, column: true, search: 'eq' }),
    recordDate: date('日期', { required: true, column: true, search: 'range', sort: true }),
    mileage: integer('里程（公里）', { column: true }),
    content: textarea('内容', { required: true, max: 1000, column: true }),
    unit: text('维修（保养）单位', { max: 100, column: true }),
    cost: number('费用（元）', { min: 0, column: true }),
    nextDate: date('下次日期', { column: true }),
    nextMileage: integer('下次里程（公里）'),
    attachments: file('附件', { multiple: true }),
  },
});
export const vehicleDailyRepair = vehicleRecord('vehicleDailyRepair', 'vehicleDailyRepairManager');
export const vehicleLevel1 = vehicleRecord('vehicleLevel1', 'vehicleLevel1Manager');
export const vehicleLevel2 = vehicleRecord('vehicleLevel2', 'vehicleLevel2Manager');
export const vehicleMaintain = vehicleRecord('vehicleMaintain', 'vehicleMaintainManager');
export const vehicleGpsRepair = vehicleRecord('vehicleGpsRepair', 'vehicleGpsRepairManager');
export const vehicleTyre = vehicleRecord('vehicleTyre', 'vehicleTyreManager');

export const vehicleFacility = resource({
  key: 'vehicleFacility', area: 'xxda', menu: 'vehicleFacilityManager', scope: 'enterprise', parent: { resource: 'vehicle', field: 'vehicleId' }, labelField: 'facilityType',
  fields: {
    vehicleId: ref('车辆', 'vehicle', 'plateNo', { required: true, column: true, search: 'eq' }),
    facilityType: enumOf('设施类型', ['灭火器', '防火罩', '导静电拖地带', '紧急切断装置', '三角警示牌', '标志灯及标志牌', '应急处置工具', '个人防护用品', '其他'], { required: true, column: true, search: 'eq' }),
    quantity: integer('数量', { required: true, column: true }),
    checkDate: date('检查日期', { required: true, column: true }),
    expiryDate: date('有效期至', { column: true, search: 'range' }),
    attachments: file('附件', { multiple: true }),
  },
});

export const tank = resource({
  key: 'tank', area: 'xxda', menu: 'tankBasicManager', title: '罐体', scope: 'enterprise', labelField: 'tankNo', importable: true,
  actions: { submitAudit: '提交审核' },
  workflow: AUDITED,
  pickMenus: ['dispatchManager', 'waybillManageManager'],
  supervised: ['tankNo', 'vehicleId', 'tankType', 'volume', 'material', 'suitableMedia', 'manufacturer', 'manufactureDate', 'inspectionExpiry'],
  fields: {
    tankNo: text('罐体编号', { required: true, max: 40, unique: true, column: true, search: 'like' }),
    vehicleId: ref('所属车辆', 'vehicle', 'plateNo', { column: true, search: 'eq' }),
    tankType: dict('罐体类型', 'tankType', { required: true, column: true, search: 'eq' }),
    volume: number('容积（立方米）', { required: true, min: 0, column: true }),
    material: text('罐体材质', { max: 40 }),
    suitableMedia: text('适装介质', { multiple: true, required: true, help: 'UN编号（如1203）或类别（如3），多个用顿号分隔', column: true }),
    manufacturer: text('制造单位', { max: 100 }),
    manufactureDate: date('制造日期'),
    inspectionExpiry: date('检验有效期至', { required: true, column: true, search: 'range', sort: true }),
    status: enumOf('使用状态', ['在用', '停用', '报废'], { required: true, default: '在用', column: true, search: 'eq' }),
    auditStatus: AUDIT,
    auditOpinion: AUDIT_OPINION,
    attachments: file('附件', { multiple: true }),
  },
});

const tankRecordFields = () => ({
  tankId: ref('罐体', 'tank', 'tankNo', { required: true, column: true, search: 'eq' }),
  recordDate: date('日期', { required: true, column: true, search: 'range', sort: true }),
  content: textarea('内容', { required: true, max: 1000, column: true }),
  unit: text('单位', { max: 100, column: true }),
  cost: number('费用（元）', { min: 0 }),
  attachments: file('附件', { multiple: true }),
});
export const tankCheck = resource({
  key: 'tankCheck', area: 'xxda', menu: 'tankCheckManager', scope: 'enterprise', parent: { resource: 'tank', field: 'tankId' }, labelField: 'reportNo',
  defaultSort: { field: 'recordDate', order: 'desc' },
  fields: {
    ...tankRecordFields(),
    checkType: enumOf('检验类别', ['年度检验', '全面检验', '定期检验'], { required: true, column: true }),
    result: enumOf('检验结论', ['合格', '不合格'], { required: true, column: true, search: 'eq' }),
    reportNo: text('报告编号', { required: true, max: 60, column: true }),
    nextDate: date('下次检验日期', { required: true, column: true, help: '检验合格时同步为罐体的检验有效期' }),
  },
});
export const tankRepair = resource({
  key: 'tankRepair', area: 'xxda', menu: 'tankRepairManager', scope: 'enterprise', parent: { resource: 'tank', field: 'tankId' }, labelField: 'content',
  defaultSort: { field: 'recordDate', order: 'desc' }, fields: tankRecordFields(),
});
export const tankMaintain = resource({
  key: 'tankMaintain', area: 'xxda', menu: 'tankMaintainManager', scope: 'enterprise', parent: { resource: 'tank', field: 'tankId' }, labelField: 'content',
  defaultSort: { field: 'recordDate', order: 'desc' }, fields: tankRecordFields(),
});

export const tankContainer = resource({
  key: 'tankContainer', area: 'xxda', menu: 'tankContainerManager', scope: 'enterprise', labelField: 'containerNo', importable: true,
  pickMenus: ['dispatchManager', 'waybillManageManager'],
  fields: {
    containerNo: text('罐箱编号', { required: true, max: 20, unique: true, upperCase: true, column: true, search: 'like' }),
    containerType: enumOf('罐箱类型', ['液体罐箱', '气体罐箱', '固体罐箱'], { required: true, column: true, search: 'eq' }),
    volume: number('容积（立方米）', { required: true, min: 0, column: true }),
    suitableMedia: text('适装介质', { multiple: true, required: true, help: 'UN编号或类别，多个用顿号分隔', column: true }),
    inspectionExpiry: date('检验有效期至', { required: true, column: true, search: 'range', sort: true }),
    owner: text('所有人', { required: true, max: 100, column: true }),
    attachments: file('附件', { multiple: true }),
  },
});

export const POSTS = ['驾驶员', '押运员', '装卸管理人员', '安全管理人员', '主要负责人', '其他'] as const;
export const staff = resource({
  key: 'staff', area: 'xxda', menu: 'staffManager', title: '人员', scope: 'enterprise', labelField: 'name', importable: true,
  // 在职状态 follows 入职 and 离职
  workflow: { owns: ['status'] },
  // 调度派车, 运单变更 and 出车检查 pick drivers and escorts
  pickMenus: ['dispatchManager', 'waybillManageManager', 'waybillCheckManager'],
  fields: {
    name: text('姓名', { required: true, rule: 'cnName', max: 20, column: true, search: 'like', fuzzyIndex: true }),
    sex: dict('性别', 'sex', { required: true, column: true }),
    idCard: text('身份证号', { required: true, rule: 'idCard', unique: true, max: 18, column: true, search: 'eq' }),
    mobile: text('手机', { required: true, rule: 'mobile', column: true }),
    post: enumOf('岗位', [...POSTS], { required: true, column: true, search: 'eq' }),
    qualificationNo: text('从业资格证号', { max: 30, column: true, search: 'eq' }),
    qualificationTypes: dict('从业资格类别', 'qualificationType', { multiple: true, column: true }),
    qualificationExpiry: date('从业资格证有效期至', { column: true, search: 'range', sort: true }),
    drivingLicenceNo: text('驾驶证号', { max: 30 }),
    drivingClass: enumOf('准驾车型', ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', '其他']),
    drivingLicenceExpiry: date('驾驶证有效期至', { search: 'range' }),
    entryDate: date('入职日期', { column: true }),
    status: enumOf('在职状态', ['在职', '离职'], { readOnly: true, default: '在职', column: true, search: 'eq' }),
    photo: file('照片'),
  },
});

export const staffEntry = resource({
  key: 'staffEntry', area: 'xxda', menu: 'staffEntryManager', scope: 'enterprise', parent: { resource: 'staff', field: 'staffId' }, labelField: 'contractNo',
  defaultSort: { field: 'entryDate', order: 'desc' },
  fields: {
    staffId: ref('人员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    entryDate: date('入职日期', { required: true, column: true, search: 'range', sort: true }),
    post: enumOf('岗位', [...POSTS], { required: true, column: true }),
    contractNo: text('劳动合同编号', { required: true, max: 40, column: true }),
    contractStart: date('合同开始日期', { required: true, column: true }),
    contractEnd: date('合同结束日期', { column: true, help: '无固定期限合同可不填' }),
    contractFile: file('劳动合同', { multiple: true }),
  },
});

export const staffLeave = resource({
  key: 'staffLeave', area: 'xxda', menu: 'staffLeaveManager', scope: 'enterprise', parent: { resource: 'staff', field: 'staffId' }, labelField: 'reason',
  defaultSort: { field: 'leaveDate', order: 'desc' },
  fields: {
    staffId: ref('人员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    leaveDate: date('离职日期', { required: true, column: true, search: 'range', sort: true }),
    reason: textarea('离职原因', { required: true, max: 500, column: true }),
    handover: bool('已完成交接', { column: true, default: true }),
  },
});

/**
 * 企业/车辆/罐体信息变更: an enterprise's change of an approved record's supervised fields waiting for 企业车辆审核
 * (table record_change, written by the generic update: server platform/crud/changes.ts). Not a registered resource
 * (no screen lists or edits it as one); its decisions run on the workflow engine like the records' own.
 */
export const recordChange = resource({
  key: 'recordChange', area: 'audit', menu: 'enterpriseVehicleAuditManager', title: '信息变更', scope: 'enterprise', table: 'record_change',
  fields: {
    status: enumOf('审核状态', Object.keys(REVIEW_STATES), { readOnly: true, default: '待审核' }),
    opinion: textarea('审核意见', { readOnly: true, max: 500 }),
  },
  workflow: { owns: ['status', 'opinion'], stateField: 'status', states: REVIEW_STATES, steps: REVIEW_STEPS },
});

export const recordsResources = [
  enterprise, companyLicence, companyGoods, companyPark, vehicle, vehicleDailyRepair, vehicleLevel1, vehicleLevel2, vehicleMaintain,
  vehicleGpsRepair, vehicleTyre, vehicleFacility, tank, tankCheck, tankRepair, tankMaintain, tankContainer, staff, staffEntry, staffLeave,
];
