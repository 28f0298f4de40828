/**
 * An approved vehicle's 道路运输证有效期 changed by its enterprise waits for the city's 企业车辆审核 (security finding
 * 5): the enterprise is told and sees the waiting change on its form while the approved date stays; the inspector
 * sees 原值 and 新值 side by side and approves; the enterprise then has the new date.
 */
import { describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { flattenMenus } from '@dg/core';
import { anyBtn, baseUrl, btn, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const serial = (n: number) => Array.from({ length: n }, () => SERIAL[randomInt(SERIAL.length)]).join('');
/** antd puts a space between two Chinese characters of a button */
const pathOf = (code: string) => flattenMenus().find((m) => m.code === code)!.fullPath;

describe('a change of a supervised field', () => {
  it('waits for the city\'s approval with 原值 and 新值, then applies', async () => {
    const plate = `浙A${serial(5)}`;
    const [v] = await sql(`insert into vehicle (enterprise_id, plate_no, plate_color, vehicle_type, brand_model, vin, approved_load, total_mass, transport_cert_no,
        transport_cert_expiry, annual_review_expiry, inspection_expiry, tech_grade, compulsory_insurance_expiry, carrier_insurance_expiry, register_date, status, audit_status)
      select u.enterprise_id, $1, '2', 'tanker', '程力威 CLW5250GYYD5 运油车', $2, 20000, 25000, $3, '2027-01-15', '2027-06-30', '2027-06-30', '一级', '2027-06-30', '2027-06-30',
        '2021-01-01', '营运', '已通过' from base_user u where u.username = 'qiye' returning id`, [plate, 'LE2EC' + serial(12), '浙交运管E2E' + serial(6)]);

    // the enterprise edits the approved vehicle's certificate date
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + pathOf('vehicleBasicManager'));
    const row = page.locator('.ant-table-row', { hasText: plate });
    await row.waitFor();
    await btn(row, '编辑').click();
    const drawer = page.locator('.ant-drawer-section', { hasText: '编辑车辆' });
    await expect.poll(() => page.locator('#vehicle_form_transportCertExpiry').inputValue()).toBe('2027-01-15');
    const input = page.locator('#vehicle_form_transportCertExpiry');
    await input.click();
    await input.fill('2028-06-30');
    await input.press('Enter');
    await btn(drawer, '确定').click();
    await toast(page, '道路运输证有效期至的变更已提交，待主管部门审核通过后生效').waitFor();
    // the approved date stays in force
    expect((await sql(`select transport_cert_expiry::text as d from vehicle where id = $1`, [v.id]))[0].d).toBe('2027-01-15');
    await btn(row, '编辑').click();
    const notice = page.getByTestId('change-pending');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('道路运输证有效期至：2027-01-15 → 2028-06-30');
    await shot(page, 'audit-change-pending');
    await btn(page.locator('.ant-drawer-section', { hasText: '编辑车辆' }), '取消').click();
    await page.context().close();

    // the city's inspector compares and approves
    const gov = await newPage(ctx.browser);
    await login(gov, 'shiji');
    await gov.goto(baseUrl() + pathOf('enterpriseVehicleAuditManager'));
    await gov.getByRole('tab', { name: /车辆信息变更/ }).click();
    const item = gov.locator('.ant-table-row', { hasText: plate });
    await item.waitFor();
    expect(await item.innerText()).toContain('道路运输证有效期至');
    await btn(item, '详情').click();
    const table = gov.getByTestId('change-table');
    await table.waitFor();
    const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells).toEqual(['道路运输证有效期至', '2027-01-15', '2028-06-30']);
    await shot(gov, 'audit-change-compare');
    await btn(gov.locator('.ant-drawer-section'), '通过').click();
    await gov.getByTestId('audit-confirm').click();
    await toast(gov, '审核通过，变更已生效').waitFor();
    await expect.poll(async () => (await sql(`select transport_cert_expiry::text as d from vehicle where id = $1`, [v.id]))[0].d).toBe('2028-06-30');
    // the decision is in the change's 处理记录, and the decided change offers no decision again
    await gov.getByText('已通过', { exact: true }).click();
    // the row as the 已通过 list shows it (the 待审核 list's row stays on screen until that list has come)
    const decided = gov.locator('.ant-table-row', { hasText: plate }).filter({ hasText: '已通过' });
    await decided.waitFor();
    expect(await decided.getByTestId('audit-pass').count()).toBe(0);
    await btn(decided, '详情').click();
    const timeline = gov.getByTestId('flow-timeline');
    await timeline.waitFor();
    expect(await timeline.innerText()).toMatch(/通过\s+待审核 → 已通过/);
    expect(await anyBtn(gov.locator('.ant-drawer-section'), '通过').count()).toBe(0);
    await timeline.scrollIntoViewIfNeeded();
    await shot(gov, 'audit-change-history');
    await gov.context().close();
  });
});
