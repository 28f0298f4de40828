/**
 * 异常运单 for a city inspector: a finding reported by hand (手工上报: the enterprise and what was seen
 * at the roadside), then a 核查单 issued to the enterprise from it. Both dialogs save through the shared save hook
 * (components/resource/useSave.ts): the button waits while the write is out, the success message shows, the list
 * refreshes and the dialog closes.
 */
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENUS } from '@dg/core';
import { baseUrl, btn, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';
import { api, pick, tag, tokenOf } from './fixtures.ts';

const ctx = useBrowser();

describe('异常运单', () => {
  it('an inspector reports a finding by hand and issues a 核查单 from it', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'shiji');
    const path = flattenMenus(MENUS).find((m) => m.code === 'abnormalWaybillManager')!.fullPath;
    await page.goto(baseUrl() + path);
    await page.getByTestId('abnormal-page').waitFor();

    const [ent] = await sql<{ name: string }>(`select e.name from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
    const seen = `卡口发现车辆未按线路行驶 ${tag()}`;
    await page.getByRole('button', { name: /手工上报/ }).click();
    const report = page.locator('.ant-modal', { hasText: '手工上报异常运单' });
    await report.waitFor();
    await pick(page, report.locator('.ant-form-item', { hasText: '所属企业' }), ent!.name.slice(0, 4), ent!.name);
    await report.locator('textarea').fill(seen);
    await report.getByRole('button', { name: /上\s*报/ }).click();
    await toast(page, '已上报').waitFor();
    await expect.poll(() => report.count()).toBe(0); // closed
    const row = page.locator('.ant-table-row', { hasText: seen.slice(0, 12) }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('待处理');

    await row.getByRole('button', { name: '下发核查单' }).click();
    const issue = page.locator('.ant-modal', { hasText: '下发核查单' });
    await issue.waitFor();
    await issue.getByRole('button', { name: /下\s*发/ }).click();
    await toast(page, '核查单已下发，等待企业签收').waitFor();
    await expect.poll(() => issue.count()).toBe(0);
    await expect.poll(() => row.innerText()).not.toContain('待处理'); // the list refetched
    const [stored] = await sql<{ status: string; n: number }>(`select a.status, (select count(*)::int from checklist c where c.abnormal_id = a.id) as n
      from abnormal_waybill a where a.detail = $1`, [seen]);
    expect(stored).toMatchObject({ n: 1 });
    expect(stored!.status).not.toBe('待处理');
    await shot(page, 'abnormal-issued');
    await page.context().close();
  });

  it('the enterprise signs for and answers a 核查单 and the inspector closes it, each with the buttons its state allows', async () => {
    const gov = await newPage(ctx.browser);
    await login(gov, 'shiji');
    const token = await tokenOf(gov);
    const [ent] = await sql<{ id: string }>(`select e.id from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
    const seen = `押运员未随车 ${tag()}`;
    const ab = await api<{ id: string }>(token, 'POST', '/ydjg/abnormal/report', { enterpriseId: ent!.id, detail: seen });
    const issued = await api<{ id: string }>(token, 'POST', '/ydjg/checklist/issue', { abnormalId: ab.id, problem: `请说明${seen}的原因`, replyBy: '2099-12-31' });
    const info = `${baseUrl()}/waybillManager/checklistinfoManager/${issued.id}`;
    const state = (page: typeof gov) => page.getByTestId('checklist-info').locator('.ant-card-head .ant-tag').first();
    const buttons = (page: typeof gov) => page.locator('button[data-testid^="checklist-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

    // the enterprise: 签收 only while 待签收, then 回复 with its explanation
    const firm = await newPage(ctx.browser);
    await login(firm, 'qiye');
    await firm.goto(info);
    await firm.getByTestId('checklist-info').waitFor();
    await expect.poll(() => state(firm).innerText()).toBe('待签收');
    expect(await buttons(firm)).toEqual(['checklist-receive']);
    await firm.getByTestId('checklist-receive').click();
    await btn(firm.locator('.ant-modal'), '签收').click();
    await toast(firm, '签收成功').waitFor();
    await expect.poll(() => state(firm).innerText()).toBe('待回复');
    expect(await buttons(firm)).toEqual(['checklist-reply']);
    await firm.getByTestId('checklist-reply').click();
    const reply = firm.locator('.ant-modal', { hasText: '回复核查单' });
    await btn(reply, '回复').click();
    await reply.getByText('请输入回复内容').waitFor(); // the declared rule: a reply is required
    await reply.locator('textarea').fill('押运员临时就医，已安排替岗人员并补登记');
    await btn(reply, '回复').click();
    await toast(firm, '回复成功').waitFor();
    await expect.poll(() => state(firm).innerText()).toBe('待审核');
    expect(await buttons(firm)).toEqual([]);
    await firm.context().close();

    // the inspector: 办结 or 退回 once it is answered
    await gov.goto(info);
    await gov.getByTestId('checklist-info').waitFor();
    await expect.poll(() => state(gov).innerText()).toBe('待审核');
    expect(await buttons(gov)).toEqual(['checklist-finish', 'checklist-return']);
    await gov.getByTestId('checklist-finish').click();
    const finish = gov.locator('.ant-modal', { hasText: '办结核查单' });
    await finish.locator('textarea').fill('情况属实，整改到位');
    await btn(finish, '办结').click();
    await toast(gov, '办结成功').waitFor();
    await expect.poll(() => state(gov).innerText()).toBe('已办结');
    expect(await buttons(gov)).toEqual([]);
    const process = gov.locator('.ant-card', { hasText: '处理过程' });
    await expect.poll(() => process.innerText()).toContain('情况属实，整改到位');
    expect(await process.innerText()).toContain('押运员临时就医，已安排替岗人员并补登记');
    const steps = await sql<{ action: string }>('select action from checklist_step where checklist_id = $1 order by at', [issued.id]);
    expect(steps.map((x) => x.action)).toEqual(['下发', '签收', '回复', '办结']);
    const [stored] = await sql<{ status: string }>('select status from abnormal_waybill where id = $1', [ab.id]);
    expect(stored!.status).toBe('已办结');
    await shot(gov, 'checklist-finished');
    await gov.context().close();
  });
});
