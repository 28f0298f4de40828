/**
 * 企业自查 and the safety records: 张安全 runs the demo template, marks one item 不合格, and turns it into a
 * hazard from the record's detail; the hazard waits on 隐患整改. A 安全会议 is added on its routed edit page and
 * opens on its info page (the /danger edit and info pages).
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, pickDate, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();

describe('企业自查', () => {
  it('a failed item of a self-check becomes a hazard in one step', async () => {
    const place = `二号停车场${tag()}`;
    const [staff] = await sql<{ name: string }>(`select s.name from staff s join base_user u on u.enterprise_id = s.enterprise_id
      where u.username = 'qiye' and s.status = '在职' order by s.created_at limit 1`);
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/danger/checkModelManager');
    await btn(page.locator('.ant-table-row', { hasText: '车辆罐体日常检查表' }).first(), '开展自查').click();
    await page.waitForURL(/\/danger\/selfCheck\/edit\?modelId=/);
    const run = page.getByTestId('self-check-run');
    await run.locator('#self_check_place').fill(place);
    const item = run.locator('.ant-table-row', { hasText: '灭火器、防护用品、应急器材配备齐全' });
    await item.getByLabel('不合格').check();
    await item.getByRole('textbox').fill('2号车灭火器压力不足');
    await shot(page, 'self-check-run');
    await btn(run, '提交检查结果（1项不合格）').click();
    await toast(page, '自查完成：1项不合格').waitFor();
    await page.waitForURL(/\/danger\/selfCheck\/info\?id=/);

    await page.getByRole('button', { name: /不合格项转隐患（1）/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '不合格项转隐患' });
    await pick(page, dialog.locator('.ant-form-item', { hasText: '整改责任人' }), staff!.name.slice(0, 1), staff!.name);
    await dialog.getByRole('button', { name: '生成隐患' }).click();
    await toast(page, '已生成1条隐患（待整改）').waitFor();
    await expect.poll(() => page.getByTestId('selfCheck-info').innerText()).toContain('查看隐患');
    // the check is 已转隐患: its timeline has both steps, and the step is not offered again
    await expect.poll(() => page.getByTestId('selfCheck-info').innerText()).toContain('已转隐患');
    await expect.poll(() => page.getByTestId('flow-timeline').innerText()).toContain('不合格项转隐患');
    expect(await page.getByTestId('flow-timeline').innerText()).toContain('开展自查');
    expect(await page.getByRole('button', { name: /不合格项转隐患/ }).count()).toBe(0);
    await shot(page, 'self-check-to-hazard');

    await page.goto(baseUrl() + '/danger/hazardHandleManager');
    const row = page.locator('.ant-table-row', { hasText: place }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('待整改');
    const [stored] = await sql<{ source: string; location: string; state: string }>(`select source, location, state from hazard where location = $1`, [place]);
    expect(stored).toEqual({ source: '自查', location: place, state: '待整改' });
    await page.context().close();
  });

  it('a 安全会议 is added on its edit page and shown on its info page', async () => {
    const topic = `季度安全形势分析会${tag()}`;
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/danger/meetingManager');
    await btn(page, '新增').click();
    await page.waitForURL(/\/danger\/meeting\/edit$/);
    await pickDate(page, 'meeting_edit_meetingDate', new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
    await page.locator('#meeting_edit_topic').fill(topic);
    await page.locator('#meeting_edit_meetingType').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '专题会议' }).click();
    await page.locator('#meeting_edit_host').fill('张安全');
    await page.locator('#meeting_edit_minutes').fill('分析本季度隐患排查情况，部署冬季安全生产工作。');
    await btn(page.getByTestId('meeting-edit'), '保存').click();
    await toast(page, '创建成功').waitFor();
    await page.waitForURL(/\/danger\/meeting\/info\?id=/);
    await expect.poll(() => page.getByTestId('meeting-info').innerText()).toContain(topic);
    await btn(page, '返回列表').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: topic }).count()).toBe(1);
    await shot(page, 'meeting-list');
    await page.context().close();
  });
});
