/** The dispatch rules as a pure function (the same lines the web shows): each rule trips and passes. */
import { describe, it, expect } from 'vitest';
import type { ElementCode } from '@dg/core';
import {
  dispatchComplianceProblems, complianceFindings, mediaCovers, goodsMassKg, mainClass, maskName, transitionError, actionsFor, crewQualification,
  type ComplianceInput,
} from '@dg/core/waybill';

const today = '2026-06-15';
const base = (): ComplianceInput => ({
  today,
  businessScope: ['2', '3', '8'],
  vehicle: { plateNo: '浙A12345', approvedLoad: 20000, transportCertExpiry: '2026-12-31', annualReviewExpiry: '2026-12-31', inspectionExpiry: '2026-12-31', compulsoryInsuranceExpiry: '2026-12-31', carrierInsuranceExpiry: '2026-12-31', status: '营运' },
  trailer: null,
  tank: { tankNo: 'GT001', suitableMedia: ['1203', '3'], inspectionExpiry: '2026-12-31', status: '在用' },
  driver: { name: '张三', qualificationNo: 'Q330102001', qualificationTypes: ['driver'], qualificationExpiry: '2027-01-01', drivingLicenceExpiry: '2028-03-01', status: '在职' },
  escort: { name: '李四', qualificationNo: 'Q330102002', qualificationTypes: ['escort'], qualificationExpiry: '2027-01-01', status: '在职' },
  goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 10, unit: '吨' }],
  busy: [],
});
const lines = (patch: Partial<ComplianceInput>) => dispatchComplianceProblems({ ...base(), ...patch });

describe('dispatchComplianceProblems', () => {
  it('a compliant crew has no problem', () => {
    expect(dispatchComplianceProblems(base())).toEqual([]);
  });

  it('道路运输证过期: trips the day after the expiry, passes on the expiry day', () => {
    expect(lines({ vehicle: { ...base().vehicle!, transportCertExpiry: '2026-06-14' } })).toEqual(['车辆浙A12345道路运输证过期（有效期至2026-06-14）']);
    expect(lines({ vehicle: { ...base().vehicle!, transportCertExpiry: today } })).toEqual([]);
  });

  it('年审过期', () => {
    expect(lines({ vehicle: { ...base().vehicle!, annualReviewExpiry: '2026-01-01' } })).toEqual(['车辆浙A12345年审过期（有效期至2026-01-01）']);
    expect(lines({ vehicle: { ...base().vehicle!, annualReviewExpiry: '2026-06-16' } })).toEqual([]);
  });

  it('保险过期: 交强险 and 承运人责任险, each named', () => {
    expect(lines({ vehicle: { ...base().vehicle!, compulsoryInsuranceExpiry: '2026-06-01' } })).toEqual(['车辆浙A12345保险过期（交强险有效期至2026-06-01）']);
    expect(lines({ vehicle: { ...base().vehicle!, carrierInsuranceExpiry: null } })).toEqual(['车辆浙A12345保险过期（承运人责任险未登记有效期）']);
    expect(lines({ vehicle: { ...base().vehicle!, compulsoryInsuranceExpiry: '2026-07-01', carrierInsuranceExpiry: '2026-07-01' } })).toEqual([]);
  });

  it('a trailer is checked like the vehicle', () => {
    const trailer = { plateNo: '浙A1234挂', approvedLoad: 30000, transportCertExpiry: '2026-01-01', annualReviewExpiry: '2026-12-31', inspectionExpiry: '2026-12-31', compulsoryInsuranceExpiry: '2026-12-31', carrierInsuranceExpiry: '2026-12-31' };
    expect(lines({ trailer })).toEqual(['挂车浙A1234挂道路运输证过期（有效期至2026-01-01）']);
    expect(lines({ trailer: { ...trailer, transportCertExpiry: '2026-12-31' } })).toEqual([]);
  });

  it('行驶证检验过期: the vehicle and the trailer, trips the day after, passes on the day', () => {
    expect(lines({ vehicle: { ...base().vehicle!, inspectionExpiry: '2026-06-14' } })).toEqual(['车辆浙A12345行驶证检验过期（有效期至2026-06-14）']);
    expect(lines({ vehicle: { ...base().vehicle!, inspectionExpiry: today } })).toEqual([]);
    expect(lines({ vehicle: { ...base().vehicle!, inspectionExpiry: null } })).toEqual(['车辆浙A12345行驶证检验过期（未登记有效期）']);
    const trailer = { ...base().vehicle!, plateNo: '浙A1234挂', approvedLoad: 30000, inspectionExpiry: '2026-06-14' };
    expect(lines({ trailer })).toEqual(['挂车浙A1234挂行驶证检验过期（有效期至2026-06-14）']);
  });

  it('驾驶员驾驶证过期: trips the day after, passes on the day; an escort needs none', () => {
    expect(lines({ driver: { ...base().driver!, drivingLicenceExpiry: '2026-01-01' } })).toEqual(['驾驶员张三驾驶证过期（有效期至2026-01-01）']);
    expect(lines({ driver: { ...base().driver!, drivingLicenceExpiry: '2026-06-14' } })).toEqual(['驾驶员张三驾驶证过期（有效期至2026-06-14）']);
    expect(lines({ driver: { ...base().driver!, drivingLicenceExpiry: today } })).toEqual([]);
    expect(lines({ driver: { ...base().driver!, drivingLicenceExpiry: null } })).toEqual(['驾驶员张三驾驶证过期（未登记有效期）']);
    expect(lines({ escort: { ...base().escort!, drivingLicenceExpiry: null } })).toEqual([]);
  });

  it('no 从业资格证号: the driver and the escort are refused, an expired 驾驶证 named beside', () => {
    expect(lines({ driver: { ...base().driver!, qualificationNo: null, drivingLicenceExpiry: '2026-01-01' } }))
      .toEqual(['驾驶员张三未登记从业资格证号', '驾驶员张三驾驶证过期（有效期至2026-01-01）']);
    expect(lines({ escort: { ...base().escort!, qualificationNo: ' ' } })).toEqual(['押运员李四未登记从业资格证号']);
  });

  it('罐体检验过期', () => {
    expect(lines({ tank: { ...base().tank!, inspectionExpiry: '2026-06-14' } })).toEqual(['罐体GT001罐体检验过期（有效期至2026-06-14）']);
    expect(lines({ tank: { ...base().tank!, inspectionExpiry: '2026-06-15' } })).toEqual([]);
  });

  it('货物不在罐体适装介质范围: a UN number or a class/division listed covers it', () => {
    const goods = [{ unNo: '1830', goodsName: '硫酸', goodsClass: '8', quantity: 10, unit: '吨' }];
    expect(lines({ goods })).toEqual(['货物UN1830硫酸不在罐体GT001适装介质范围']);
    expect(lines({ goods, tank: { ...base().tank!, suitableMedia: ['1830'] } })).toEqual([]);
    expect(lines({ goods, tank: { ...base().tank!, suitableMedia: ['UN1830'] } })).toEqual([]);
    expect(lines({ goods, tank: { ...base().tank!, suitableMedia: ['8'] } })).toEqual([]);
    expect(mediaCovers(['3'], { unNo: '1203', goodsClass: '3' })).toBe(true);
    expect(mediaCovers(['2.1'], { unNo: '1075', goodsClass: '2.1' })).toBe(true);
    expect(mediaCovers(['2'], { unNo: '1075', goodsClass: '2.1' })).toBe(true);
    expect(mediaCovers(['2.1'], { unNo: '1005', goodsClass: '2.3' })).toBe(false);
    expect(mediaCovers([], { unNo: '1203', goodsClass: '3' })).toBe(false);
  });

  it('驾驶员从业资格证过期或类别不符', () => {
    expect(lines({ driver: { ...base().driver!, qualificationExpiry: '2026-06-01' } })).toEqual(['驾驶员张三从业资格证过期或类别不符（有效期至2026-06-01）']);
    expect(lines({ driver: { ...base().driver!, qualificationTypes: ['escort'] } })).toEqual(['驾驶员张三从业资格证过期或类别不符（类别不含驾驶员）']);
    expect(lines({ driver: { ...base().driver!, qualificationTypes: ['driver', 'escort'] } })).toEqual([]);
  });

  it('押运员从业资格证过期或类别不符', () => {
    expect(lines({ escort: { ...base().escort!, qualificationExpiry: null } })).toEqual(['押运员李四从业资格证过期或类别不符（未登记有效期）']);
    expect(lines({ escort: { ...base().escort!, qualificationTypes: ['driver'] } })).toEqual(['押运员李四从业资格证过期或类别不符（类别不含押运员）']);
    expect(lines({ escort: { ...base().escort!, qualificationTypes: ['escort', 'loader'] } })).toEqual([]);
  });

  it('经营范围: a class covers its divisions, a division only itself', () => {
    const goods = [{ unNo: '1005', goodsName: '无水氨', goodsClass: '2.3', quantity: 5, unit: '吨' }, { unNo: '2810', goodsName: '有机毒性液体', goodsClass: '6.1', quantity: 1, unit: '吨' }];
    const tank = { ...base().tank!, suitableMedia: ['2.3', '6.1'] };
    expect(lines({ goods, tank })).toEqual(['经营范围不含6.1项（UN2810有机毒性液体）']);
    expect(lines({ goods, tank, businessScope: ['2.1', '6.1'] })).toEqual(['经营范围不含2.3项（UN1005无水氨）']);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 5, unit: '吨' }], businessScope: ['8'] })).toEqual(['经营范围不含第3类']);
    expect(lines({ goods, tank, businessScope: ['2', '6'] })).toEqual([]);
    expect(mainClass('6.1')).toBe('6');
  });

  it('超过核定载质量: tonnes and kilograms; litres and m³ only with a density; the trailer carries a combination', () => {
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 21, unit: '吨' }] })).toEqual(['超过核定载质量（货物21000千克，核定20000千克）']);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 20000, unit: '千克' }] })).toEqual([]);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 28000, unit: '升', density: 0.75 }] })).toEqual(['超过核定载质量（货物21000千克，核定20000千克）']);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 26, unit: '立方米', density: 0.75 }] })).toEqual([]);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 26, unit: '升' }] })).toEqual(['货物UN1203汽油按升计量未填写密度，无法核对载质量']);
    expect(lines({ goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 10, unit: '件' }] })).toEqual(['货物UN1203汽油按件计量未填写单件质量，无法核对载质量']);
    const trailer = { plateNo: '浙A1234挂', approvedLoad: 33000, transportCertExpiry: '2026-12-31', annualReviewExpiry: '2026-12-31', inspectionExpiry: '2026-12-31', compulsoryInsuranceExpiry: '2026-12-31', carrierInsuranceExpiry: '2026-12-31' };
    expect(lines({ trailer, vehicle: { ...base().vehicle!, approvedLoad: 0 }, goods: [{ unNo: '1203', goodsName: '汽油', goodsClass: '3', quantity: 30, unit: '吨' }] })).toEqual([]);
    expect(goodsMassKg({ quantity: 2, unit: '吨' })).toBe(2000);
  });

  it('车辆/人员已在运输中', () => {
    expect(lines({ busy: [{ role: 'vehicle', label: '浙A12345', waybillNo: '33000020260615000001', state: '运输中' }, { role: 'escort', label: '李四', state: '待检查' }] }))
      .toEqual(['车辆浙A12345已在运输中（运单33000020260615000001，运输中）', '押运员李四已在运输中（待检查）']);
  });

  it('缺少押运员', () => {
    expect(lines({ escort: null })).toEqual(['缺少押运员']);
  });

  it('a stopped vehicle, a tank out of use, a person who left', () => {
    expect(lines({ vehicle: { ...base().vehicle!, status: '停运' } })).toEqual(['车辆浙A12345营运状态为停运，不能调度']);
    expect(lines({ tank: { ...base().tank!, status: '停用' } })).toEqual(['罐体GT001使用状态为停用，不能调度']);
    expect(lines({ driver: { ...base().driver!, status: '离职' } })).toEqual(['驾驶员张三已离职']);
  });

  it('returns every problem at once, each with its 异常运单 kind', () => {
    const f = complianceFindings({ ...base(), escort: null, businessScope: ['2'], vehicle: { ...base().vehicle!, annualReviewExpiry: '2020-01-01' } });
    expect(f.map((x) => x.kind)).toEqual(['certExpired', 'noEscort', 'scope']);
  });
});

describe('state machine and helpers', () => {
  it('names the state and the action when a step is not allowed', () => {
    expect(transitionError('待检查', 'dispatch')).toBe('当前状态为待检查，不能调度');
    expect(transitionError('待调度', 'dispatch')).toBeNull();
    expect(transitionError('运输中', 'cancel')).toBe('当前状态为运输中，不能作废');
  });
  it('offers the buttons the user holds for the state', () => {
    const holding = (...codes: ElementCode[]) => (code: ElementCode) => codes.includes(code);
    expect(actionsFor('待调度', holding('dispatchManager:btn_dispatch', 'waybillManageManager:btn_cancel'))).toEqual(['dispatch', 'cancel']);
    expect(actionsFor('草稿', holding('baseManager:btn_cancel', 'baseManager:btn_submit'))).toEqual(['submit', 'cancel']);
    expect(actionsFor('已完成', holding('waybillManageManager:btn_cancel'))).toEqual([]);
  });
  it('masks names: first character kept', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('')).toBe('');
  });
  it('the 资质 of a crew: 有效 or the first expired document', () => {
    expect(crewQualification({ today, vehicle: base().vehicle, driver: base().driver, escort: base().escort })).toBe('有效');
    expect(crewQualification({ today, vehicle: { ...base().vehicle!, annualReviewExpiry: '2026-01-01' }, driver: { ...base().driver!, qualificationExpiry: '2026-01-01' } }))
      .toBe('车辆浙A12345年审过期（有效期至2026-01-01）');
  });
});
