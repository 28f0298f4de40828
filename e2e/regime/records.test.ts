/**
 * 奖惩 and 安全生产责任书 on their own edit and info pages (the /regime edit and info pages):
 * 张安全 records a reward for a driver picked from the staff records, and opens this year's 责任书 of the demo data.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, pickDate, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();

describe('安全制度与费用 records', () => {
  it('a 奖惩 row is added on its edit page; a 责任书 opens on its info page', async () => {
    const reason = `及时发现并报告罐体渗漏隐患${tag()}`;
    const [staff] = await sql<{ name: string }>(`select s.name from staff s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.status = '在职' order by s.created_at limit 1`);
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/regime/prizeManager');
    await btn(page, '新增').click();
    await page.waitForURL(/\/regime\/prize\/edit$/);
    const form = page.getByTestId('prize-edit');
    await pick(page, form.locator('.ant-form-item', { hasText: '人员' }), staff!.name.slice(0, 1), staff!.name);
    await pickDate(page, 'prize_edit_prizeDate', new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
    await pickOption(page, 'prize_edit_kind', '奖励');
    await page.locator('#prize_edit_reason').fill(reason);
    await page.locator('#prize_edit_amount').fill('500');
    await page.locator('#prize_edit_basis').fill('《安全生产考核奖惩制度》第四条');
    await btn(form, '保存').click();
    await toast(page, '创建成功').waitFor();
    await page.waitForURL(/\/regime\/prize\/info\?id=/);
    await expect.poll(() => page.getByTestId('prize-info').innerText()).toContain(reason);

    await page.goto(baseUrl() + '/regime/dutyManager');
    await btn(page.locator('.ant-table-row').first(), '详情').click();
    await page.waitForURL(/\/regime\/duty\/info\?id=/);
    await expect.poll(() => page.getByTestId('dutyLetter-info').innerText()).toContain('责任内容');
    await shot(page, 'regime-duty-info');
    await page.context().close();
  });
});
