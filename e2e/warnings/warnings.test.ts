/**
 * 到期预警 as the people who use it meet it:
 * - 企业安全管理员 (qiye) opens 到期预警 → 车辆道路运输证 from the sidebar, sees an expired and a due
 *   certificate as 已过期 / 即将到期 with red 逾期N天 and orange 剩余N天 tags, and clicks through to the vehicle;
 * - 运管 (zhengfu) opens 静态信息预警 → 经营许可证即将到期, sees the companies and their counts, and notifies one.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { randomInt } from 'node:crypto';
import { PROVINCE_ABBR } from '@dg/core';
import { addDays, chinaToday } from '@dg/core/warnings';
import { clickMenuItem, newPage, shot, useBrowser } from '../helpers.ts';
import { journeyServer, query, signIn, type JourneyServer } from './server.ts';

const ctx = useBrowser();
let s: JourneyServer;
beforeAll(async () => { s = await journeyServer(); });
afterAll(async () => { await s?.stop(); });

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const pick = (n: number) => Array.from({ length: n }, () => SERIAL[randomInt(SERIAL.length)]).join('');
const day = (n: number) => addDays(chinaToday(), n);

/** two vehicles of enterprise A, one certificate expired 5 days ago and one due in 10 days (as its 档案 would hold them) */
async function seedVehicles(mark: string) {
  const [a] = await query(s, `select e.id, e.region_code, u.id as user_id from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
  const abbr = PROVINCE_ABBR[String(a.region_code).slice(0, 2)]!;
  const make = async (expiry: string, n: number) => {
    const plate = `${abbr}A${pick(5)}`;
    const [v] = await query(s, `insert into vehicle (enterprise_id, plate_no, plate_color, vehicle_type, brand_model, vin, approved_load, total_mass, transport_cert_no,
        transport_cert_expiry, annual_review_expiry, inspection_expiry, tech_grade, compulsory_insurance_expiry, carrier_insurance_expiry, register_date, status, audit_status, created_by, updated_by)
      values ($1, $2, '2', 'tanker', '程力威 CLW5250GYYD5 运油车', $3, 13500, 25000, $4, $5, '2099-01-01', '2099-01-01', '一级', '2099-01-01', '2099-01-01', '2020-05-01', '营运', '已通过', $6, $6) returning id`,
      [a.id, plate, 'LE2EW' + pick(12), `${mark}${n}`, expiry, a.user_id]);
    return { id: v.id as string, plate };
  };
  return { expired: await make(day(-5), 1), due: await make(day(10), 2) };
}

/** the text of an element, once it is there */
async function text(loc: Locator): Promise<string> {
  await loc.first().waitFor();
  return (await loc.first().innerText()).trim();
}

/** the sidebar: a directory, then one of its pages (by menu code; the label is the menu's title) */
async function openMenu(page: Page, dir: [code: string, title: string], item: [code: string, title: string]) {
  const sidebar = page.getByTestId('sidebar');
  expect(await text(sidebar.getByTestId(`menu-${dir[0]}`))).toBe(dir[1]);
  await sidebar.getByTestId(`menu-${dir[0]}`).click();
  expect(await text(sidebar.getByTestId(`menu-${item[0]}`))).toBe(item[1]);
  await clickMenuItem(page, item[0]);
}

describe('到期预警', () => {
  it('qiye sees 已过期 and 即将到期 vehicle certificates with day tags and opens the vehicle', async () => {
    const mark = 'E2EW' + pick(6);
    const v = await seedVehicles(mark);
    const page = await newPage(ctx.browser);
    await signIn(s, page, 'qiye');
    await openMenu(page, ['alertMessgae', '到期预警'], ['alertVehicleTransport', '车辆道路运输证']);
    await page.waitForURL('**/alertMessgae/alertVehicleTransport');
    const list = page.getByTestId('warning-list');
    await list.locator('.ant-table-row').first().waitFor();
    // the whole list first (demo data and these two), then narrowed to them
    await list.getByTestId('warning-status').filter({ hasText: '已过期' }).first().waitFor();
    await list.getByTestId('warning-status').filter({ hasText: '即将到期' }).first().waitFor();
    await shot(page, 'warnings-qiye-vehicle-transport-all');
    await page.getByTestId('warning-search').getByPlaceholder('车牌号码、证件编号或企业名称').fill(mark);
    await page.getByTestId('warning-search').locator('button[type=submit]').click();
    await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
    const expiredRow = list.locator('.ant-table-row', { hasText: v.expired.plate });
    const dueRow = list.locator('.ant-table-row', { hasText: v.due.plate });
    expect(await text(expiredRow.getByTestId('warning-status'))).toBe('已过期');
    expect(await text(expiredRow.getByTestId('warning-days'))).toBe('逾期5天');
    expect(await text(dueRow.getByTestId('warning-status'))).toBe('即将到期');
    expect(await text(dueRow.getByTestId('warning-days'))).toBe('剩余10天');
    // most urgent first
    expect(await text(list.locator('.ant-table-row').first())).toContain(v.expired.plate);
    // the tags' colours: red overdue, orange due
    expect(await expiredRow.getByTestId('warning-days').getAttribute('class')).toContain('red');
    expect(await dueRow.getByTestId('warning-days').getAttribute('class')).toContain('orange');
    await shot(page, 'warnings-qiye-vehicle-transport');

    await dueRow.getByTestId('warning-days').click();
    await page.waitForURL(`**/fileManagement/vehicleBasicManager/info/${v.due.id}`);
    await page.getByText(v.due.plate).first().waitFor();
    await page.getByText(`${mark}2`).first().waitFor();
    await shot(page, 'warnings-qiye-vehicle-record');
    await page.context().close();
  });

  it('zhengfu sees 经营许可证即将到期 by company, and notifies one', async () => {
    const [b] = await query(s, `select e.name, e.licence_no from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye2'`);
    const page = await newPage(ctx.browser);
    await signIn(s, page, 'zhengfu');
    await openMenu(page, ['jtxxjccxManager', '静态信息预警'], ['jyxkDueManager', '经营许可证即将到期']);
    await page.waitForURL('**/jtxxjccxManager/jyxkDueManager');
    const list = page.getByTestId('warning-list');
    const row = list.locator('.ant-table-row', { hasText: b.name });
    await row.waitFor();
    expect(await text(row)).toContain(b.licence_no);
    expect(await text(row.getByTestId('warning-status'))).toBe('即将到期');
    expect(await text(row.getByTestId('warning-days'))).toMatch(/^剩余\d+天$/);
    const counts = page.getByTestId('warning-enterprises');
    const company = counts.locator('.ant-table-row', { hasText: b.name });
    expect(await text(company)).toContain('1');
    await shot(page, 'warnings-zhengfu-jyxk-due');

    await company.getByTestId('warning-notify').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: '已通知企业' });
    expect(await text(notice)).toContain(b.name);
    await shot(page, 'warnings-zhengfu-notified');
    const [log] = await query(s, `select opt, result from gate_log where uri = '/api/warning/jyxkDue/notify' order by crt_time desc limit 1`);
    expect(log).toEqual({ opt: '通知企业', result: '成功' });

    // the row's tag opens the company in 基础信息查询
    await row.getByTestId('warning-days').click();
    await page.waitForURL('**/jcxxcxManager/qyxxcxInfo/**');
    await page.getByTestId('jcxx-qyxxcx-info').getByText(b.name).first().waitFor();
    await shot(page, 'warnings-zhengfu-company');
    await page.context().close();
  });

  it('zhengfu approves the pending registration in 企业车辆审核, and finds 车用汽油 in 危险货物品名 by pinyin', async () => {
    const [pendingCo] = await query(s, `select name from enterprise where audit_status = '待审核' and name like '%恒安危化品运输有限公司'`);
    const page = await newPage(ctx.browser);
    await signIn(s, page, 'zhengfu');
    await openMenu(page, ['informManger', '通知公告'], ['enterpriseVehicleAuditManager', '企业车辆审核']);
    const audit = page.getByTestId('audit-page');
    const row = audit.locator('.ant-table-row', { hasText: pendingCo.name });
    await row.waitFor();
    await shot(page, 'audit-pending');
    await row.getByTestId('audit-pass').click();
    await page.getByTestId('audit-opinion').fill('资料齐全，同意注册');
    await page.getByTestId('audit-confirm').click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    const [done] = await query(s, `select e.audit_status, u.status from enterprise e join base_user u on u.enterprise_id = e.id where e.name = $1`, [pendingCo.name]);
    expect(done).toEqual({ audit_status: '已通过', status: '1' });

    await openMenu(page, ['zfdZskManager', '知识库'], ['dangerousGoodsManager', '危险货物品名']);
    await page.getByTestId('goods-keyword').locator('input').fill('cyqy');
    await page.getByTestId('goods-keyword').locator('input').press('Enter');
    await page.getByTestId('dangerous-goods-page').locator('.ant-table-row', { hasText: '车用汽油或汽油' }).waitFor();
    await shot(page, 'knowledge-goods-pinyin');
    await page.context().close();
  });
});
