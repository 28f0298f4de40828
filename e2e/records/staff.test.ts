/**
 * 人员档案: a person who left is re-hired through 办理入职 — the certificate lookup pre-fills the form
 * from their record and last contract — then leaves again; the record is kept throughout (一人一档).
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('人员档案', () => {
  it('再入职 pre-fills from the certificate lookup; 离职 keeps the record', async () => {
    const [person] = await sql(`select s.id, s.name, s.id_card from staff s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.status = '离职' order by s.created_at limit 1`);
    const [contract] = await sql(`select contract_no from staff_entry where staff_id = $1 order by entry_date desc limit 1`, [person.id]);
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    // the list's first answer is slow: 查询 pressed while it loads still searches (it used to be swallowed)
    let first = true;
    let loading!: () => void;
    const listLoading = new Promise<void>((r) => { loading = r; });
    await page.route('**/api/xxda/staff/list', async (route) => {
      if (first) { first = false; loading(); await new Promise((r) => setTimeout(r, 2000)); }
      await route.continue();
    });
    await page.goto(baseUrl() + '/fileManagement/staffManager');
    await listLoading;
    await page.locator('#staff_search_idCard').fill(person.id_card);
    await btn(page, '查询').click();
    const row = page.locator('.ant-table-row', { hasText: person.id_card });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('离职');

    await btn(row, '再入职').click();
    const modal = page.locator('.ant-modal-container', { hasText: '办理入职' });
    await modal.getByText('上一份劳动合同').waitFor();
    await expect.poll(() => page.locator('#staffEntry_lookup_form_contractNo').inputValue()).toBe(contract.contract_no);
    await page.locator('#staffEntry_lookup_form_contractNo').fill(`HT-E2E-${Date.now()}`);
    await shot(page, 'records-staff-entry-lookup');
    await btn(modal, '确定').click();
    await toast(page, '入职办理成功').waitFor();
    await expect.poll(async () => (await sql(`select status from staff where id = $1`, [person.id]))[0].status).toBe('在职');
    await expect.poll(() => row.innerText()).toContain('在职');

    // a certificate of nobody here: no toast, the form is not pre-filled, the page says what to do
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await btn(page, '办理入职').click();
    const empty = page.locator('.ant-modal-container', { hasText: '办理入职' });
    await empty.locator('input[placeholder="请输入身份证号或从业资格证号"]').fill('110101199001011237');
    await btn(empty, '查询').click();
    await empty.getByText('未找到该证件号对应的人员').waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await btn(empty, '取消').click();

    // 离职 again, from 一人一档
    await btn(row, '详情').click();
    await page.waitForURL(`**/fileManagement/staffManager/info/${person.id}`);
    await page.getByRole('tab', { name: '入职记录' }).waitFor();
    await btn(page.getByTestId('staff-info'), '离职').click();
    const leave = page.locator('.ant-modal-container', { hasText: `办理离职：${person.name}` });
    await leave.waitFor();
    const input = page.locator('#staffLeave_form_leaveDate');
    await input.click();
    await input.fill(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)); // today in China (the entry was made today there)
    await input.press('Enter');
    await page.locator('#staffLeave_form_reason').fill('合同到期不再续签（E2E）');
    await btn(leave, '确定').click();
    await toast(page, '创建成功').waitFor();
    await page.getByRole('tab', { name: '离职记录' }).click();
    await page.getByRole('tabpanel', { name: '离职记录' }).locator('.ant-table-row', { hasText: '合同到期不再续签（E2E）' }).waitFor();
    await expect.poll(() => page.getByTestId('staff-info').locator('.ant-descriptions').first().innerText()).toContain('离职');
    await shot(page, 'records-staff-info');
    await page.context().close();
  });
});
