/**
 * 安全考核 in the browser: 王监管 issues an assessment to 张安全's enterprise, 张安全 scores every indicator, attaches
 * evidence and submits, 赵运管 of the group scores, 王监管 (the leader) confirms and publishes, and 张安全 sees the grade
 * under 考核结果. 考核统计 shows its chart and table.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, btn, chooseFromMenu, login, newPage, pickDate, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d3b5b40000000049454e44ae426082', 'hex');

/** fills every score input whose label ends with `suffix`: the 满分 less `less` */
async function fillScores(page: Page, suffix: string, less: number) {
  const inputs = page.locator(`input[aria-label$="${suffix}"]`);
  await expect.poll(() => inputs.count(), { timeout: 30_000 }).toBeGreaterThan(10);
  const n = await inputs.count();
  const [max] = await sql<{ items: { maxScore: number }[] }>(`select items from assess_model where name = '道路危险货物运输企业质量信誉考核模型' and model_version = 1`);
  for (let i = 0; i < n; i++) await inputs.nth(i).fill(String(Math.max(0, Number(max!.items[i]!.maxScore) - less)));
}

async function confirmStep(page: Page, label: string, state: string) {
  await btn(page, label).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|发\s*布|下\s*发/ }).click();
  await toast(page, `当前为${state}`).waitFor();
}

describe('安全考核', () => {
  it('issue → self-assessment with evidence → group score → confirm → publish → the enterprise sees its grade', { timeout: 300_000 }, async () => {
    const name = `质量信誉考核演练${tag()}`;
    const [ent] = await sql<{ name: string }>(`select e.name from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);

    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/safetyManager/assessIssueManager');
    await btn(gov, '新增').click();
    const dialog = gov.locator('.ant-modal', { hasText: '考核下发' });
    await dialog.locator('#assessTask_form_name').fill(name);
    await dialog.locator('#assessTask_form_year').fill(String(new Date().getFullYear()));
    await pick(gov, dialog.locator('.ant-form-item', { hasText: '考核模型' }), '质量信誉', '道路危险货物运输企业质量信誉考核模型');
    await pick(gov, dialog.locator('.ant-form-item', { hasText: '考核组' }), '省级', '省级质量信誉考核组');
    await gov.locator('#assessTask_form_regionCode').click();
    await gov.locator('.ant-cascader-menu-item').first().click();
    await gov.keyboard.press('Escape');
    await pick(gov, dialog.locator('.ant-form-item', { hasText: '考核企业' }), ent!.name.slice(0, 4), ent!.name);
    await gov.keyboard.press('Escape');
    await pickDate(gov, 'assessTask_form_deadline', day(10));
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await toast(gov, '成功').waitFor();
    await btn(rowOf(gov, name), '下发').click();
    await gov.locator('.ant-popconfirm').getByRole('button', { name: /下\s*发/ }).click();
    await toast(gov, '当前为已下发').waitFor();
    await gov.context().close();

    const [a] = await sql<{ id: string }>(`select id from assessment where title = $1`, [name]);
    const info = baseUrl() + `/safetyManager/assessRecordManager/info/${a!.id}`;

    const qiye = await newPage(ctx.browser);
    await login(qiye, 'qiye');
    await qiye.goto(baseUrl() + '/safetyManager/assessRecordManager');
    await btn(rowOf(qiye, name), '办理').click();
    await qiye.waitForURL(/assessRecordManager\/info\//);
    await fillScores(qiye, '自评得分', 2);
    await qiye.getByTestId('assess-items').locator('input[type=file]').first().setInputFiles({ name: '事故情况说明.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => qiye.getByTestId('assess-items').innerText()).toContain('事故情况说明.png');
    await btn(qiye, '保存草稿').click();
    await toast(qiye, '当前为自评中').waitFor();
    await confirmStep(qiye, '提交自评', '已提交');
    await shot(qiye, 'assessment-submitted');
    await qiye.context().close();

    const member = await newPage(ctx.browser);
    await login(member, 'shiji');
    await member.goto(info);
    await fillScores(member, '考核组评分', 5);
    await member.locator('input[aria-label$="评分意见"]').first().fill('事故说明属实');
    await btn(member, '评分').click();
    await toast(member, '当前为已评分').waitFor();
    await member.context().close();

    const leader = await newPage(ctx.browser);
    await login(leader, 'zhengfu');
    await leader.goto(info);
    await leader.locator('#assessment_opinion').fill('同意考核组意见');
    await btn(leader, '确认').click();
    await toast(leader, '当前为已确认').waitFor();
    await confirmStep(leader, '发布', '已发布');
    await expect.poll(() => leader.getByTestId('flow-timeline').innerText()).toContain('发布');
    await leader.context().close();

    const [{ grade, group_total }] = await sql<{ grade: string; group_total: string }>(`select grade, group_total from assessment where id = $1`, [a!.id]);
    const mine = await newPage(ctx.browser);
    await login(mine, 'qiye');
    await mine.goto(baseUrl() + '/safetyManager/assessResultManager');
    await expect.poll(() => rowOf(mine, name).innerText()).toContain(grade);
    await mine.goto(info);
    await expect.poll(() => mine.getByTestId('grade').innerText()).toBe(grade);
    await expect.poll(() => mine.getByTestId('group-total').innerText()).toBe(String(Number(group_total)));
    await shot(mine, 'assessment-published');
    await mine.context().close();
  });

  it('考核统计 shows grades by city with a chart and a table', async () => {
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/safetyManager/assessStatManager');
    await expect.poll(() => gov.getByTestId('assess-stat-table').locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await gov.getByTestId('assess-stat-city').waitFor();
    await shot(gov, 'assessment-stat');
    await gov.context().close();
  });
});

describe('考核档案借阅', () => {
  it('王监管 asks to read a published archive, 赵运管 approves, 王监管 reads it', async () => {
    const purpose = `信用评价复核${tag()}`;
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/safetyManager/assessBorrowManager');
    await btn(gov, '申请借阅').click();
    const dialog = gov.locator('.ant-modal', { hasText: '申请借阅考核档案' });
    await dialog.locator('#assessBorrow_assessmentId').click();
    await gov.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.locator('#assessBorrow_purpose').fill(purpose);
    await pickDate(gov, 'assessBorrow_until', day(5));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await toast(gov, '借阅申请已提交').waitFor();
    await gov.context().close();

    const city = await newPage(ctx.browser);
    await login(city, 'shiji');
    await city.goto(baseUrl() + '/safetyManager/assessBorrowManager');
    await btn(rowOf(city, purpose), '审批').click();
    await city.getByLabel('审批意见').fill('同意借阅');
    await btn(city.locator('.ant-modal'), '批准').click();
    await toast(city, '当前为已批准').waitFor();
    await city.context().close();

    const again = await newPage(ctx.browser);
    await login(again, 'zhengfu');
    await again.goto(baseUrl() + '/safetyManager/assessBorrowManager');
    await btn(rowOf(again, purpose), '查阅').click();
    await expect.poll(() => again.getByTestId('borrowed-archive').innerText(), { timeout: 30_000 }).toContain('考核等级');
    await shot(again, 'assessment-borrow-readable');
    await again.context().close();
  });

  it('a borrowing past its date and not returned is on its borrower\'s bell, which leads to 档案借阅', async () => {
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu'); // the demo's borrowing approved and past its date is 王监管's
    await gov.getByTestId('bell').click();
    const item = gov.getByTestId('bell-item-overdueAssessBorrow');
    await expect.poll(() => item.innerText()).toMatch(/考核档案借阅逾期\s*[1-9]/);
    await shot(gov, 'assessment-borrow-bell');
    await chooseFromMenu(gov, 'bell', 'bell-item-overdueAssessBorrow', /\/safetyManager\/assessBorrowManager/);
    await gov.locator('.dg-resource-page .ant-table-row').first().waitFor();
    await gov.context().close();
  });
});
