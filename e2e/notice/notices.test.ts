/**
 * 通知公告 and 站内消息 in the browser: 王监管 (province) writes a notice to enterprise A's
 * city and publishes it; 张安全's bell counts it, he opens it from the bell, and the province sees him 已读 on the
 * receipts. 张安全 writes to his city's authority; 赵运管 opens it from his inbox and the sender's 已发送 shows it read.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, btn, chooseFromMenu, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';
import { tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
/** the bell's menu opened (clicked only when it is not open already: a second click would close it) and its entry */
const openBell = async (page: Page, key: string) => {
  const item = page.getByTestId(`bell-item-${key}`);
  if (!(await item.isVisible())) await page.getByTestId('bell').click();
  await item.waitFor();
  return item;
};
/** the bell's menu closed, to the end of its animation (Escape, else a click on the bell) */
const closeBell = async (page: Page, key: string) => {
  const item = page.getByTestId(`bell-item-${key}`);
  await page.keyboard.press('Escape');
  await item.waitFor({ state: 'hidden', timeout: 2000 }).catch(async () => {
    await page.getByTestId('bell').click();
    await item.waitFor({ state: 'hidden' });
  });
};
const bellEntry = async (page: Page, key: string) => {
  const text = await (await openBell(page, key)).innerText();
  await closeBell(page, key);
  return Number(text.split('\n').pop());
};

describe('通知公告', () => {
  it('a notice to enterprise A city is published, counted on the bell, opened and seen read by the publisher', async () => {
    const title = `关于开展冬季危险货物运输专项检查的通知${tag()}`;
    const [city] = await sql<{ name: string }>(`select o.name from base_org o join base_user u on u.org_id = o.id where u.username = 'shiji'`);
    const cityName = city!.name.replace('道路运输管理局', '');
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/informManger/noticeManger');
    await gov.getByRole('tab', { name: '本单位发布' }).click();
    await btn(gov, '新增').click();
    await gov.waitForURL(/\/informManger\/noticeAdd/);
    const form = gov.getByTestId('notice-edit');
    await gov.locator('#notice_edit_title').fill(title);
    await gov.locator('.tiptap').click();
    await gov.keyboard.type('请辖区各企业于本月底前完成冬季专项检查。');
    await gov.locator('#notice_edit_audience').click();
    await gov.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '按地区' }).click();
    await gov.locator('#notice_edit_regionCodes').click();
    await gov.keyboard.type(cityName.slice(0, 2));
    await gov.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: cityName }).first().click();
    await gov.keyboard.press('Escape');
    await btn(form, '保存').click();
    await toast(gov, '创建成功').waitFor();
    await gov.waitForURL(/\/informManger\/noticeInfo\?id=/);
    const info = gov.getByTestId('notice-info');
    await expect.poll(() => info.getByTestId('rich-content').innerText()).toContain('冬季专项检查');

    // 张安全 signs in before it is published: the bell counts it once it is
    const ent = await newPage(ctx.browser);
    // the bell shows 0 until its counts have come: read it once they have
    const counted = ent.waitForResponse((r) => r.url().includes('/index/indexQyd/getRemindInfo'));
    await login(ent, 'qiye');
    await counted;
    const before = await bellEntry(ent, 'unread');

    await btn(info, '发布').click();
    await btn(gov.locator('.ant-popover:visible'), '发布').click();
    await toast(gov, '当前为已发布').waitFor();
    await gov.getByTestId('notice-receipts').waitFor();
    await shot(gov, 'notice-published');

    // no reload: the server pushes the change (GET /api/events) and the bell refetches its counts (its own poll is
    // every 10 minutes: the e2e project's 30 s for a poll is the push, and opening the bell takes seconds on a busy machine)
    await expect.poll(() => bellEntry(ent, 'unread')).toBe(before + 1);
    await chooseFromMenu(ent, 'bell', 'bell-item-unread', /\/informManger\/noticeManger/);
    const row = ent.locator('.ant-table-row', { hasText: title });
    await expect.poll(() => row.innerText()).toContain('未读');
    await btn(row, '详情').click();
    await ent.waitForURL(/\/informManger\/noticeInfo\?id=/);
    await expect.poll(() => ent.getByTestId('rich-content').innerText()).toContain('冬季专项检查');
    await expect.poll(() => bellEntry(ent, 'unread')).toBe(before);
    await shot(ent, 'notice-read');

    // the publisher sees 张安全 已读
    await gov.reload();
    const me = gov.getByTestId('notice-receipts').locator('.ant-table-row', { hasText: '张安全' });
    await expect.poll(() => me.innerText()).toContain('已读');
    await shot(gov, 'notice-receipts');
    await gov.context().close();
    await ent.context().close();
  });
});

describe('站内消息', () => {
  it('an enterprise writes to its city; the city reads it and the sender sees it read', async () => {
    const subject = `关于卫星定位终端更换的报告${tag()}`;
    const ent = await newPage(ctx.browser);
    await login(ent, 'qiye');
    await ent.goto(baseUrl() + '/messageSend/newMessageManager');
    const form = ent.getByTestId('new-message');
    await ent.getByTestId('targets-org').click();
    await ent.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '道路运输管理局' }).first().click();
    await ent.keyboard.press('Escape');
    await ent.locator('#message_subject').fill(subject);
    await ent.locator('#message_content').fill('两辆车的卫星定位终端已于今日更换完毕并恢复在线。');
    await btn(form, '发送').click();
    await toast(ent, '已发送给').waitFor();
    await ent.waitForURL(/\/messageSend\/sentMessageManager/);
    const sentRow = ent.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => sentRow.innerText()).toContain('0 / ');

    const city = await newPage(ctx.browser);
    await login(city, 'shiji');
    await city.goto(baseUrl() + '/messageSend/inboxManager');
    const row = city.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => row.innerText()).toContain('未读');
    await row.click();
    await expect.poll(() => city.getByTestId('message-content').innerText()).toContain('恢复在线');
    await shot(city, 'message-read');
    await city.keyboard.press('Escape');
    await expect.poll(() => row.innerText()).toContain('已读');

    await ent.reload();
    await expect.poll(() => sentRow.innerText()).toMatch(/1 \/ \d/);
    await sentRow.click();
    await expect.poll(() => ent.getByTestId('message-drawer').innerText()).toContain('赵运管');
    await shot(ent, 'message-sent-read');
    await city.context().close();
    await ent.context().close();
  });
});
