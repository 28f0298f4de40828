/**
 * 制度流程 in the browser: 张安全 adds 装卸管理人员 to the readers of the draft 事故统计报告和处理制度
 * (drivers and escorts already) and publishes it;
 * the driver 王建国 (account yuangong, linked to his staff record) finds it under his bell, reads it and confirms 已阅;
 * the manager's 阅知情况 shows him read, in the system, with the time.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const TITLE = '事故统计报告和处理制度';

describe('制度流程', () => {
  it('a published regime is read by a driver and his acknowledgement shows on the manager\'s list', async () => {
    const [driver] = await sql<{ name: string }>(`select name from base_user where username = 'yuangong'`);
    const manager = await newPage(ctx.browser);
    await login(manager, 'qiye');
    await manager.goto(baseUrl() + '/regime/workflowManager');
    const draft = manager.locator('.ant-table-row', { hasText: TITLE });
    await expect.poll(() => draft.innerText()).toContain('草稿');
    await shot(manager, 'regime-workflow-list');
    await btn(draft, '编辑').click();
    await manager.waitForURL(/\/regime\/workflow\/edit\?id=/);
    const form = manager.getByTestId('regimeDoc-edit');
    await manager.locator('#regimeDoc_edit_readerPosts').click();
    // the draft already asks 驾驶员 and 押运员; 装卸管理人员 are added
    await manager.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '装卸管理人员' }).click();
    await manager.keyboard.press('Escape');
    await btn(form, '保存').click();
    await toast(manager, '更新成功').waitFor();
    await manager.waitForURL(/\/regime\/workflow\/info\?id=/);
    const info = manager.getByTestId('regimeDoc-info');
    await info.getByTestId('rich-content').waitFor();
    await btn(info, '发布').click();
    await btn(manager.locator('.ant-popover:visible'), '发布').click();
    await toast(manager, `“${TITLE}”当前为已发布`).waitFor();
    await expect.poll(() => manager.getByTestId('staff-reads').innerText()).toContain('未阅');

    // the driver: his bell lists the regime to read; he reads it and confirms
    const staff = await newPage(ctx.browser);
    await login(staff, 'yuangong');
    await expect.poll(async () => Number((await staff.getByTestId('bell-count').innerText()).trim() || 0)).toBeGreaterThan(0);
    // the bell's menu is rebuilt when a live update refetches its counts: open it and click again until the page changes
    await expect.poll(async () => {
      if (/\/regime\/workflowManager/.test(staff.url())) return true;
      await staff.getByTestId('bell').click();
      await staff.getByTestId('bell-item-unreadRegime').click({ timeout: 5_000 }).catch(() => undefined);
      return staff.waitForURL(/\/regime\/workflowManager/, { timeout: 5_000 }).then(() => true, () => false);
    }, { timeout: 45_000, interval: 500 }).toBe(true);
    const mine = staff.getByTestId('my-reads').locator('.ant-table-row', { hasText: TITLE });
    await expect.poll(() => mine.innerText()).toContain('未阅');
    expect(await staff.locator('.dg-resource-page .ant-table-row', { hasText: '草稿' }).count()).toBe(0); // drafts are the manager's
    await btn(mine, '阅读').click();
    await staff.waitForURL(/\/regime\/workflow\/info\?id=/);
    await expect.poll(() => staff.getByTestId('rich-content').innerText()).toContain('第一条');
    await staff.getByTestId('acknowledge').click();
    await btn(staff.locator('.ant-popover:visible'), '确认').click();
    await toast(staff, '已确认阅知').waitFor();
    await staff.getByText(/您已于.*阅知/).waitFor();
    await shot(staff, 'regime-workflow-acknowledged');

    // the manager's list of readers
    await manager.reload();
    // more drivers were asked than fit one page, and the unread come first: the manager shows those who have read
    await manager.getByTestId('staff-reads-show').getByText(/^已阅/).click();
    await expect.poll(() => manager.getByTestId('staff-reads').locator('.ant-table-row', { hasText: '未阅' }).count()).toBe(0);
    const me = manager.getByTestId('staff-reads').locator('.ant-table-row', { hasText: driver!.name });
    await expect.poll(() => me.innerText()).toContain('已阅');
    expect(await me.innerText()).toContain('系统内阅知');
    await shot(manager, 'regime-workflow-reads');
    await staff.context().close();
    await manager.context().close();
  });
});
