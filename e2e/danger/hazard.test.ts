/**
 * 隐患排查治理 journey: 张安全 of enterprise A registers a hazard on the 隐患登记 page, ticking an item of
 * the 重大事故隐患判定标准 — it becomes 重大, and saving submits it to the authority with its 督办 item; he records its
 * rectification on 隐患整改 and accepts it on 隐患验收; the hazard waits for the government; 赵运管 of A's city (the
 * item's level, 市级) reviews it on his 隐患验收 screen and closes it with its 督办 item. The timeline shows every step.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, anyBtn, btn, login, newPage, pickDate, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();

describe('隐患排查治理', () => {
  it('a 重大 hazard goes from 登记 to 销号 through the enterprise and its city', async () => {
    const title = `罐车紧急切断装置失效${tag()}`;
    const [staff] = await sql<{ name: string }>(`select s.name from staff s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.status = '在职' order by s.created_at limit 1`);

    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/danger/hazardRegisterManager');
    await btn(page, '新增').click();
    await page.waitForURL(/\/danger\/hazardRegister\/edit$/);
    const form = page.getByTestId('hazard-edit');
    await page.locator('#hazard_edit_title').fill(title);
    await pickDate(page, 'hazard_edit_foundDate', day(-1));
    await page.locator('#hazard_edit_location').fill('公司停车场3号车位');
    await pickOption(page, 'hazard_edit_category', '罐');
    // the 判定标准's item makes it 重大
    await form.getByTestId('major-items').locator('label', { hasText: '罐体（罐式集装箱）未经检验' }).click();
    await expect.poll(() => form.locator('.ant-form-item', { hasText: '隐患等级' }).innerText()).toContain('重大');
    await page.locator('#hazard_edit_description').fill('出车检查发现紧急切断阀无法在规定时间内关闭');
    await pick(page, form.locator('.ant-form-item', { hasText: '整改责任人' }), staff!.name.slice(0, 1), staff!.name);
    await pickDate(page, 'hazard_edit_deadline', day(3));
    await page.locator('#hazard_edit_measures').fill('停用该车，更换紧急切断阀并检测');
    await expect.poll(() => form.innerText()).toContain('重大隐患保存即提交');
    await shot(page, 'hazard-major-checklist');
    await btn(form, '保存并提交').click();
    await toast(page, '已登记并报告属地监管部门').waitFor();
    await page.waitForURL(/\/danger\/hazardRegister\/info\?id=/);
    const info = page.getByTestId('hazard-info');
    await expect.poll(() => info.innerText()).toContain('待整改');
    await expect.poll(() => page.getByTestId('flow-timeline').innerText()).toContain('提交');
    await shot(page, 'hazard-registered');
    const [item] = await sql<{ level: string; state: string }>(`select s.level, s.state from supervise_item s join hazard h on s.source_id = h.id::text where h.title = $1`, [title]);
    expect(item).toEqual({ level: '市级', state: '督办中' });

    await btn(info, '整改').click();
    await page.waitForURL(/\/danger\/hazardHandle\/edit\?id=/);
    await page.locator('#hazard_handle_actualMeasures').fill('已更换紧急切断阀，经检测关闭时间符合要求');
    await page.locator('#hazard_handle_cost').fill('1800');
    await pickDate(page, 'hazard_handle_completedDate', day(0));
    await btn(page, '提交验收').click();
    await toast(page, '当前为待验收').waitFor();
    await page.waitForURL(/\/danger\/hazardHandle\/info\?id=/);

    await page.goto(baseUrl() + '/danger/hazardApprovalManager');
    await btn(rowOf(page, title), '验收').click();
    await page.waitForURL(/\/danger\/hazardApproval\/edit\?id=/);
    await page.locator('#hazard_approval_opinion').fill('企业验收合格，报属地政府复核');
    await btn(page, '通过').click();
    await toast(page, '当前为待复核').waitFor();
    await expect.poll(() => page.getByTestId('hazard-info').innerText()).toContain('待复核');
    await shot(page, 'hazard-accepted-by-enterprise');
    await page.context().close();

    const gov = await newPage(ctx.browser);
    await login(gov, 'shiji');
    await gov.goto(baseUrl() + '/danger/hazardApprovalManager');
    const row = rowOf(gov, title);
    await expect.poll(() => row.innerText()).toContain('待复核');
    await btn(row, '复核').click();
    await gov.waitForURL(/\/danger\/hazardApproval\/edit\?id=/);
    await expect.poll(() => gov.getByTestId('flow-timeline').innerText()).toContain('企业验收合格，报属地政府复核');
    await gov.locator('#hazard_approval_opinion').fill('现场复核整改到位，同意销号');
    await btn(gov, '通过').click();
    await toast(gov, '当前为已销号').waitFor();
    const timeline = gov.getByTestId('flow-timeline');
    await expect.poll(() => timeline.innerText()).toContain('复核通过');
    expect(await timeline.innerText()).toContain('赵运管（政府）');
    await gov.waitForURL(/\/danger\/hazardApproval\/info\?id=/);
    await expect.poll(() => gov.evaluate(() => window.scrollY)).toBe(0); // the detail opens at its top
    await timeline.scrollIntoViewIfNeeded();
    await shot(gov, 'hazard-closed-by-city');
    const [stored] = await sql<{ state: string; n: number; item: string }>(`select h.state, (select count(*)::int from work_flow f where f.subject_id = h.id) as n,
      (select s.state from supervise_item s where s.source_id = h.id::text) as item from hazard h where h.title = $1`, [title]);
    expect(stored).toEqual({ state: '已销号', n: 5, item: '已销号' }); // 登记, 提交, 提交验收, 验收通过, 复核通过; the item closed with it
    await gov.context().close();
  });
  it('a 一般 hazard is submitted from its list row by the button its workflow declares, after its question', async () => {
    const title = `消防器材过期${tag()}`;
    const [staff] = await sql<{ name: string }>(`select s.name from staff s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.status = '在职' order by s.created_at limit 1`);
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/danger/hazardRegister/edit');
    const form = page.getByTestId('hazard-edit');
    await page.locator('#hazard_edit_title').fill(title);
    await pickDate(page, 'hazard_edit_foundDate', day(-1));
    await page.locator('#hazard_edit_location').fill('公司车库');
    await pickOption(page, 'hazard_edit_category', '场所');
    await page.locator('#hazard_edit_description').fill('车库灭火器超过有效期');
    await pick(page, form.locator('.ant-form-item', { hasText: '整改责任人' }), staff!.name.slice(0, 1), staff!.name);
    await pickDate(page, 'hazard_edit_deadline', day(3));
    await page.locator('#hazard_edit_measures').fill('更换灭火器');
    await btn(form, '保存').click();
    await page.waitForURL(/\/danger\/hazardRegister/);

    await page.goto(baseUrl() + '/danger/hazardRegisterManager');
    const row = rowOf(page, title);
    await expect.poll(() => row.innerText()).toContain('草稿');
    await btn(row, '提交').click();
    const ask = page.locator('.ant-popconfirm');
    await expect.poll(() => ask.innerText()).toContain('提交后进入待整改，不能再修改或删除。确定提交？');
    await shot(page, 'hazard-submit-asks');
    await ask.getByRole('button', { name: /提\s*交/ }).click();
    await toast(page, `隐患“${title}”当前为待整改`).waitFor();
    await expect.poll(() => rowOf(page, title).innerText()).toContain('待整改');
    // no step of the register's is left to a 待整改 hazard
    await expect.poll(() => anyBtn(rowOf(page, title), '提交').count()).toBe(0);
    const [h] = await sql<{ state: string }>('select state from hazard where title = $1', [title]);
    expect(h).toEqual({ state: '待整改' });
  });
});
