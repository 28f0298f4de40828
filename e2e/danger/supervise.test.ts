/**
 * 档案借阅 and 整改督办 in the browser: 王监管 asks to read an archived rectification record, 赵运管 approves,
 * 王监管 reads it; 张安全 reports progress on a 督办 item from 业务大厅, 王监管 sees the report and closes the 省级 item.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, btn, login, newPage, pickDate, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();

describe('档案借阅与整改督办', () => {
  it('a borrowed record is read once approved by another officer', async () => {
    const [rec] = await sql<{ notice_no: string }>(`select notice_no from rect_notice where state = '合格' order by created_at limit 1`);
    const purpose = `年度执法案卷评查${tag()}`;
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/rectificationManager/rectificationBorrowManager');
    await btn(gov, '新增').click();
    const dialog = gov.locator('.ant-modal', { hasText: '档案借阅' });
    // chosen again until the field holds it: a click on an option still sliding in was lost once in a full run
    const field = dialog.locator('.ant-form-item', { hasText: '借阅的整改记录' });
    await expect.poll(async () => {
      if (!(await field.innerText()).includes(rec!.notice_no)) await pick(gov, field, rec!.notice_no.slice(-5), rec!.notice_no);
      return field.innerText();
    }, { timeout: 60_000 }).toContain(rec!.notice_no);
    await dialog.locator('textarea').first().fill(purpose);
    await pickDate(gov, 'rectBorrow_form_until', day(5));
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await toast(gov, '成功').waitFor();
    await gov.context().close();

    const city = await newPage(ctx.browser);
    await login(city, 'shiji');
    await city.goto(baseUrl() + '/rectificationManager/rectificationBorrowManager');
    await btn(rowOf(city, purpose), '审批').click();
    await city.locator('#borrow_approval_opinion').fill('同意借阅');
    await btn(city, '批准').click();
    await toast(city, '当前为已批准').waitFor();
    await city.context().close();

    const again = await newPage(ctx.browser);
    await login(again, 'zhengfu');
    await again.goto(baseUrl() + '/rectificationManager/rectificationBorrowManager');
    await btn(rowOf(again, purpose), '查阅').click();
    await expect.poll(() => again.getByTestId('borrowed-record').innerText()).toContain(rec!.notice_no);
    await shot(again, 'borrow-readable');
    await again.context().close();
  });

  it('the enterprise reports progress on a 督办 item and the province closes it', async () => {
    const [item] = await sql<{ title: string }>(`select s.supervise_no as title from supervise_item s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.level = '省级' and s.state = '督办中' order by s.created_at limit 1`);
    const progress = `已停用涉事车辆并完成罐体检测${tag()}`;
    const ent = await newPage(ctx.browser);
    await login(ent, 'qiye');
    await ent.goto(baseUrl() + '/businessLobby/lobbyFeedbackManager?tab=supervise');
    await btn(rowOf(ent, item!.title), '进展报告').click();
    await ent.locator('#supervise_report_content').fill(progress);
    await ent.locator('.ant-modal').getByRole('button', { name: /提\s*交/ }).click();
    await toast(ent, '当前为督办中').waitFor();
    await ent.context().close();

    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/aqjczgdbManager/superviseManager');
    await btn(rowOf(gov, item!.title), '详情').click();
    await gov.waitForURL(/\/aqjczgdbManager\/superviseInfo\?id=/);
    const page = gov.getByTestId('supervise-info');
    await expect.poll(() => page.innerText()).toContain(progress);
    await gov.locator('#supervise_close_opinion').fill('治理完成，同意销号');
    await btn(page, '销号').click();
    await toast(gov, '当前为已销号').waitFor();
    await expect.poll(() => gov.getByTestId('flow-timeline').innerText()).toContain('销号');
    await shot(gov, 'supervise-closed');
    await gov.context().close();
  });
});
