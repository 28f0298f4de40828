/**
 * 车辆基本信息 as 企业安全管理员 meets it: add a vehicle (a wrong plate is told under
 * the field with the rule's exact message), edit it, open 一车一档, add and delete a 日常维修 record, 提交审核,
 * export the list (列表.xlsx), and import a small file: first with a bad row (nothing imported, the
 * row report shows 行 / 字段 / 错误信息), then with 仅导入正确的行; and finds the edit in 操作日志.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { randomInt } from 'node:crypto';
import { PROVINCE_ABBR, resourceByKey, sheetFields } from '@dg/core';
import { baseUrl, anyBtn, btn, login, newPage, pickDate, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const serial = () => Array.from({ length: 5 }, () => SERIAL[randomInt(SERIAL.length)]).join('');
const vin = () => 'LE2E' + Array.from({ length: 13 }, () => SERIAL[randomInt(SERIAL.length)]).join('');
/** the error shown under a form item */
const fieldError = (page: Page, id: string) => page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

async function importFile(badPlate: string, goodPlate: string, cert: string) {
  const fields = sheetFields(resourceByKey('vehicle')!).filter(([, f]) => !f.readOnly);
  const row = (plate: string, n: number): Record<string, unknown> => ({
    车牌号码: plate, 车牌颜色: '黄色', 车辆类型: '罐式货车', 品牌型号: '东风天龙 DFH4250A', 车架号: vin(), '核定载质量（千克）': 12000, '总质量（千克）': 25000,
    道路运输证号: `${cert}-${n}`, 道路运输证有效期至: '2027-06-30', 年审有效期至: '2027-06-30', 行驶证检验有效期至: '2027-06-30', 技术等级: '一级',
    交强险止期: '2027-06-30', 承运人责任险止期: '2027-06-30', 登记日期: '2021-01-01', 营运状态: '营运',
  });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(fields.map(([, f]) => f.label));
  for (const r of [row(badPlate, 1), row(goodPlate, 2)]) ws.addRow(fields.map(([, f]) => r[f.label] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('车辆基本信息', () => {
  it('add (with a rule message under the field), edit, 一车一档 with a 日常维修 record, export and import', async () => {
    const [ent] = await sql(`select e.region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
    const abbr = PROVINCE_ABBR[String(ent.region_code).slice(0, 2)]!;
    const plate = `${abbr}A${serial()}`;
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/fileManagement/vehicleBasicManager');
    await page.locator('.dg-resource-page .ant-table-row').first().waitFor();
    await shot(page, 'records-vehicle-list');

    // 新增: a wrong plate is refused under the field with the rule's message
    await btn(page, '新增').click();
    const drawer = page.locator('.ant-drawer-section', { hasText: '新增车辆' });
    await drawer.waitFor();
    await page.locator('#vehicle_form_plateNo').fill(`${abbr}A12`);
    await btn(drawer, '确定').click();
    await expect.poll(() => fieldError(page, 'vehicle_form_plateNo').innerText()).toBe('请输入正确的车牌号码');
    await shot(page, 'records-vehicle-form-error');
    await page.locator('#vehicle_form_plateNo').fill(plate);
    await pickOption(page, 'vehicle_form_vehicleType', '罐式货车');
    await page.locator('#vehicle_form_brandModel').fill('程力威 CLW5250GYYD5 运油车');
    await page.locator('#vehicle_form_vin').fill(vin());
    await page.locator('#vehicle_form_approvedLoad').fill('13500');
    await page.locator('#vehicle_form_totalMass').fill('25000');
    await page.locator('#vehicle_form_transportCertNo').fill(`${abbr}交运管E2E字${randomInt(1e9)}`);
    for (const f of ['transportCertExpiry', 'annualReviewExpiry', 'inspectionExpiry', 'compulsoryInsuranceExpiry', 'carrierInsuranceExpiry']) await pickDate(page, `vehicle_form_${f}`, '2027-06-30');
    await pickDate(page, 'vehicle_form_registerDate', '2021-03-15');
    await expect.poll(() => fieldError(page, 'vehicle_form_plateNo').count()).toBe(0);
    await btn(drawer, '确定').click();
    await toast(page, '创建成功').waitFor();
    const row = page.locator('.ant-table-row', { hasText: plate });
    await row.waitFor();
    const [stored] = await sql(`select id, brand_model from vehicle where plate_no = $1`, [plate]);
    expect(stored.brand_model).toBe('程力威 CLW5250GYYD5 运油车');

    // 编辑
    await btn(row, '编辑').click();
    const editDrawer = page.locator('.ant-drawer-section', { hasText: '编辑车辆' });
    await expect.poll(() => page.locator('#vehicle_form_brandModel').inputValue()).toBe('程力威 CLW5250GYYD5 运油车');
    await page.locator('#vehicle_form_brandModel').fill('程力威 CLW5250GYYD6 运油车');
    await btn(editDrawer, '确定').click();
    await toast(page, '更新成功').waitFor();
    await expect.poll(async () => (await sql(`select brand_model from vehicle where id = $1`, [stored.id]))[0].brand_model).toBe('程力威 CLW5250GYYD6 运油车');

    // 详情 → 一车一档
    await btn(row, '详情').click();
    await page.waitForURL(`**/fileManagement/vehicleBasicManager/info/${stored.id}`);
    const info = page.getByTestId('vehicle-info');
    await info.locator('.ant-descriptions', { hasText: plate }).waitFor();
    await expect.poll(() => info.innerText()).toContain('程力威 CLW5250GYYD6 运油车');
    await shot(page, 'records-vehicle-info');

    // a 日常维修 record under this vehicle
    await page.getByRole('tab', { name: '日常维修' }).click();
    const pane = page.getByRole('tabpanel', { name: '日常维修' });
    await btn(pane, '新增').click();
    const modal = page.locator('.ant-modal-container', { hasText: '新增日常维修' });
    await modal.waitFor();
    await pickDate(page, 'vehicleDailyRepair_form_recordDate', '2025-10-08');
    await page.locator('#vehicleDailyRepair_form_content').fill('更换制动气室膜片（E2E）');
    await page.locator('#vehicleDailyRepair_form_cost').fill('860');
    await btn(modal, '确定').click();
    await toast(page, '创建成功').waitFor();
    const repair = pane.locator('.ant-table-row', { hasText: '更换制动气室膜片（E2E）' });
    await repair.waitFor();
    const [rec] = await sql(`select vehicle_id, enterprise_id from vehicle_daily_repair where content = '更换制动气室膜片（E2E）'`);
    expect(rec.vehicle_id).toBe(stored.id);
    await shot(page, 'records-vehicle-repair');
    await btn(repair, '删除').click();
    await btn(page.locator('.ant-popover:visible'), '确定').click();
    await toast(page, '删除成功').waitFor();
    await expect.poll(() => repair.count()).toBe(0);
    expect(await sql(`select 1 from vehicle_daily_repair where vehicle_id = $1`, [stored.id])).toHaveLength(0);

    // 提交审核 from 一车一档: the record's workflow step, then 待审核 (the button gone) with one row on its timeline
    await btn(page, '提交审核').click();
    await btn(page.locator('.ant-popover:visible'), '确定').click();
    await toast(page, `车辆“${plate}”当前为待审核`).waitFor();
    await expect.poll(() => anyBtn(page, '提交审核').count()).toBe(0);
    expect(await sql(`select v.audit_status, (select count(*)::int from work_flow f where f.subject_id = v.id and f.action = '提交审核') as steps from vehicle v where v.id = $1`, [stored.id]))
      .toEqual([{ audit_status: '待审核', steps: 1 }]);

    // back to the list: 导出
    await btn(page, '返回列表').click();
    await page.waitForURL('**/fileManagement/vehicleBasicManager');
    await page.locator('.ant-table-row').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), btn(page, '导出').click()]);
    expect(download.suggestedFilename()).toBe('列表.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect(wb.worksheets[0]!.name).toBe('SheetJS');
    expect(JSON.stringify(wb.worksheets[0]!.getSheetValues())).toContain(plate);

    // 导入: a bad row stops the file; 仅导入正确的行 imports the good one
    const cert = `E2EIMP${randomInt(1e9)}`;
    const good = `${abbr}A${serial()}`;
    const file = { name: 'vehicles.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await importFile(`${abbr}A12`, good, cert) };
    await btn(page, '导入').click();
    const dialog = page.locator('.ant-modal-container', { hasText: '导入车辆' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await btn(dialog, '开始导入').click();
    await dialog.getByText('文件中有错误的行，未导入任何数据').waitFor();
    const reportRow = dialog.locator('.ant-table-row', { hasText: '车牌号码：请输入正确的车牌号码' });
    await reportRow.waitFor();
    expect((await reportRow.locator('td').allInnerTexts()).map((s) => s.trim())).toEqual(['2', '车牌号码', '车牌号码：请输入正确的车牌号码']);
    expect(await sql(`select 1 from vehicle where transport_cert_no like $1`, [`${cert}%`])).toHaveLength(0);
    await shot(page, 'records-vehicle-import-report');
    await btn(dialog, '重新选择文件').click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('仅导入正确的行').click();
    await btn(dialog, '开始导入').click();
    await dialog.getByText('共 2 行，已导入 1 行，1 行有错误未导入').waitFor();
    await shot(page, 'records-vehicle-import-valid-only');
    expect((await sql(`select plate_no from vehicle where transport_cert_no like $1`, [`${cert}%`])).map((r) => r.plate_no)).toEqual([good]);
    await btn(dialog, '关闭').click();
    await page.locator('.ant-table-row', { hasText: good }).waitFor();

    // 操作日志: the administrator finds this vehicle's 编辑 among the enterprise's operations, newest first
    await page.goto(baseUrl() + '/adminSys/gateLogManager');
    await page.locator('#gateLog_search_menu').fill('车辆基本信息');
    await page.locator('#gateLog_search_opt').fill('编辑');
    await btn(page, '查询').click();
    const edit = page.locator('.dg-resource-page .ant-table-row').first();
    await expect.poll(() => page.locator('.dg-resource-page .ant-table-row').allInnerTexts()).toEqual([expect.stringMatching(/车辆基本信息\s+编辑\s+\/api\/xxda\/vehicle\/update[\s\S]*张安全/)]);
    await shot(page, 'records-vehicle-gate-log');
    // its 详情 shows what the edit changed
    await btn(edit, '详情').click();
    await expect.poll(() => page.locator('.ant-descriptions').first().innerText()).toContain('程力威 CLW5250GYYD6 运油车');
    await shot(page, 'records-vehicle-gate-log-info');
    await page.context().close();
  });
});
