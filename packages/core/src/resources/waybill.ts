/**
 * 运单基础信息 and the plain resources of 运输任务 (检查项, 空车台账), area 'dzyd'.
 * Keys follow the product's paths: /api/dzyd/loading/addLoading, /api/dzyd/goods/addGoods, /api/dzyd/bind/addBind.
 * The waybill itself has its own tables (server/src/db/waybill-schema.ts) and routes (modules/waybill).
 */
import { resource, text, textarea, region, number, integer, enumOf, ref, bool, date, file } from '../resource.ts';
import { GOODS_UNITS, CHECK_ITEM_CATEGORIES } from '../waybill.ts';

const partyFields = () => ({
  name: text('名称', { required: true, max: 100, unique: true, column: true, search: 'like' }),
  creditCode: text('统一社会信用代码', { rule: 'creditCode', column: true, search: 'eq' }),
  contact: text('联系人', { max: 20, column: true }),
  phone: text('联系电话', { required: true, rule: 'phoneOrLandline', max: 20, column: true }),
  regionCode: region('所在地区', { required: true, column: true, search: true }),
  address: text('详细地址', { required: true, max: 200, column: true }),
  remark: textarea('备注', { max: 500 }),
});

export const shipper = resource({
  key: 'shipper', area: 'dzyd', menu: 'shipperManager', scope: 'enterprise', table: 'wb_shipper', labelField: 'name', importable: true,
  fields: partyFields(),
});

export const consignee = resource({
  key: 'consignee', area: 'dzyd', menu: 'consigneeManager', scope: 'enterprise', table: 'wb_consignee', labelField: 'name', importable: true,
  fields: partyFields(),
});

export const loading = resource({
  key: 'loading', area: 'dzyd', menu: 'loaderManager', scope: 'enterprise', table: 'wb_loader', labelField: 'name', importable: true,
  fields: { ...partyFields(), loadingPlace: text('装货地点', { required: true, max: 200, column: true }) },
});

/** 常用危险货物: picked from the catalogue; the module's hook fills UN编号, 名称, 类别, 次要危险性, 包装类别 */
export const goods = resource({
  key: 'goods', area: 'dzyd', menu: 'cargoManager', scope: 'enterprise', table: 'wb_cargo', labelField: 'goodsName',
  fields: {
    goodsId: ref('危险货物', 'dangerousGoods', 'nameZh', { required: true }),
    unNo: text('UN编号', { readOnly: true, column: true, search: 'eq', max: 8 }),
    goodsName: text('货物名称', { readOnly: true, column: true, search: 'like', max: 300 }),
    goodsClass: text('类别', { readOnly: true, column: true, search: 'eq', max: 8 }),
    subsidiaryHazard: text('次要危险性', { readOnly: true, column: true, max: 20 }),
    packingGroup: text('包装类别', { readOnly: true, column: true, max: 8 }),
    packingType: text('包装方式', { max: 50, column: true }),
    packingSpec: text('包装规格', { max: 50, column: true }),
    unit: enumOf('计量单位', [...GOODS_UNITS], { required: true, default: '吨', column: true }),
    density: number('密度（千克/升）', { min: 0, help: '按升或立方米计量时用于核算质量（核定载质量检查）' }),
    pieceMass: number('单件质量（千克）', { min: 0, help: '按件计量时用于核算质量' }),
    commonQuantity: number('常用数量', { min: 0, column: true }),
    emergencyMeasures: textarea('应急处置措施', { max: 1000 }),
    msds: file('MSDS', { multiple: true }),
  },
});

/** 车辆人员绑定: a reusable crew; 资质 is computed from the records (hook afterRead) */
export const bind = resource({
  key: 'bind', area: 'dzyd', menu: 'carDriverManager', scope: 'enterprise', table: 'wb_bind', labelField: 'name',
  pickMenus: ['dispatchManager'],
  fields: {
    name: text('绑定名称', { required: true, max: 50, unique: true, column: true, search: 'like' }),
    vehicleId: ref('车辆', 'vehicle', 'plateNo', { required: true, column: true, search: 'eq' }),
    trailerId: ref('挂车', 'vehicle', 'plateNo', { column: true }),
    tankId: ref('罐体', 'tank', 'tankNo', { column: true }),
    tankContainerId: ref('罐箱', 'tankContainer', 'containerNo', { column: true }),
    driverId: ref('驾驶员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    escortId: ref('押运员', 'staff', 'name', { column: true, search: 'eq' }),
    qualification: text('资质', { readOnly: true, virtual: true, column: true }),
    remark: textarea('备注', { max: 500 }),
  },
});

export const transportLine = resource({
  key: 'transportLine', area: 'dzyd', menu: 'transportManager', scope: 'enterprise', table: 'wb_transport_line', labelField: 'name',
  fields: {
    name: text('线路名称', { required: true, max: 100, unique: true, column: true, search: 'like' }),
    originRegion: region('起运地', { required: true, column: true, search: true }),
    originAddress: text('起运地详细地址', { required: true, max: 200 }),
    destRegion: region('目的地', { required: true, column: true, search: true }),
    destAddress: text('目的地详细地址', { required: true, max: 200 }),
    via: text('途经地', { max: 200, column: true }),
    distanceKm: number('里程（公里）', { required: true, min: 0, column: true }),
    expectedHours: number('预计时长（小时）', { required: true, min: 0, column: true, help: '在途超时按此时长的倍数判定' }),
  },
});

export const fleet = resource({
  key: 'fleet', area: 'dzyd', menu: 'fleetManager', scope: 'enterprise', table: 'wb_fleet', labelField: 'name',
  fields: {
    name: text('车队名称', { required: true, max: 50, unique: true, column: true, search: 'like' }),
    captain: text('队长', { required: true, rule: 'cnName', max: 20, column: true }),
    phone: text('电话', { required: true, rule: 'phoneOrLandline', max: 20, column: true }),
    vehicleIds: ref('车辆', 'vehicle', 'plateNo', { multiple: true, column: true }),
    remark: textarea('备注', { max: 500 }),
  },
});

export const checkItem = resource({
  key: 'checkItem', area: 'dzyd', menu: 'checkItemManager', scope: 'enterprise', table: 'wb_check_item', labelField: 'name',
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    name: text('检查项名称', { required: true, max: 100, unique: true, column: true, search: 'like' }),
    category: enumOf('分类', [...CHECK_ITEM_CATEGORIES], { required: true, column: true, search: 'eq' }),
    mandatory: bool('必检', { default: true, column: true, help: '必检项不能选“不适用”' }),
    applies: enumOf('适用', ['全部', '罐式'], { required: true, default: '全部', column: true, search: 'eq' }),
    orderNum: integer('排序', { default: 0, column: true, sort: true }),
    enabled: bool('启用', { default: true, column: true, search: 'eq' }),
  },
});

/** 空车台账: empty, uncleaned tanks going back still carry their last goods' hazard */
export const emptyLedger = resource({
  key: 'emptyLedger', area: 'dzyd', menu: 'emptyLedgerManager', scope: 'enterprise', table: 'wb_empty_ledger', labelField: 'goodsName',
  defaultSort: { field: 'tripDate', order: 'desc' },
  fields: {
    vehicleId: ref('车辆', 'vehicle', 'plateNo', { required: true, column: true, search: 'eq' }),
    tankId: ref('罐体', 'tank', 'tankNo', { column: true }),
    unNo: text('最后装载货物UN编号', { required: true, rule: 'natural', min: 4, max: 4, column: true, search: 'eq' }),
    goodsName: text('最后装载货物名称', { required: true, max: 200, column: true }),
    goodsClass: text('最后装载货物类别', { required: true, max: 8, column: true }),
    cleaned: bool('是否清洗', { default: false, column: true, search: 'eq' }),
    originRegion: region('起运地', { required: true, column: true }),
    originAddress: text('起运地详细地址', { max: 200 }),
    destRegion: region('目的地', { required: true, column: true }),
    destAddress: text('目的地详细地址', { max: 200 }),
    tripDate: date('日期', { required: true, column: true, search: 'range', sort: true }),
    driverId: ref('驾驶员', 'staff', 'name', { required: true, column: true }),
    escortId: ref('押运员', 'staff', 'name', { column: true }),
    waybillId: text('关联运单ID', { max: 36, noForm: true }),
    waybillNo: text('关联运单号', { max: 20, column: true, search: 'eq' }),
    remark: textarea('备注', { max: 500 }),
  },
});

export const waybillResources = [shipper, consignee, loading, goods, bind, transportLine, fleet, checkItem, emptyLedger];
