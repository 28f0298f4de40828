/**
 * Lists on a phone (390×844): 运单管理, 隐患整改, 到期预警 (企业) and 运单监控 (政府) show one search field with 筛选 for
 * the rest, and their rows as cards — title, state tag, lines, the row's actions at the foot. 筛选 opens a drawer
 * whose fields filter the list. At 1440×900 the same lists are tables with their search form, as before.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { flattenMenus } from '@dg/core';
import { baseUrl, anyBtn, btn, login, newPage, shot, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const PHONE = { width: 390, height: 844 };
const pathOf = (code: string) => flattenMenus().find((m) => m.code === code)!.fullPath;

async function open(page: Page, code: string) {
  await page.goto(baseUrl() + pathOf(code));
  await page.locator('.dg-list-card').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
}

/** what a phone shows: cards (no table), one field beside 查询 and 筛选, each card with a title, a state tag and actions */
async function expectCards(page: Page, opts: { states?: string[]; action: string }) {
  expect(await page.locator('.ant-table').count()).toBe(0);
  const search = page.getByTestId('phone-search');
  expect(await search.locator('input:visible').count()).toBe(1);
  await expect.poll(() => search.getByTestId('phone-filter').isVisible()).toBe(true);
  const cards = page.locator('.dg-list-card');
  expect(await cards.count()).toBeGreaterThan(0);
  const first = cards.first();
  expect((await first.locator('.dg-list-card-title').innerText()).trim()).not.toBe('');
  expect(await first.locator('.dg-list-card-line').count()).toBeGreaterThan(1);
  expect(await first.getByTestId('card-actions').innerText()).toContain(opts.action);
  if (opts.states) {
    const tags = await cards.locator('[data-testid=card-state] .ant-tag').allInnerTexts();
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(opts.states).toContain(t.trim());
  }
  // the card fits the phone: nothing runs off its right edge
  const box = await first.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** 筛选 opens the drawer with the other fields */
async function openFilters(page: Page, labels: string[]) {
  await page.getByTestId('phone-filter').click();
  const drawer = page.locator('.dg-filter-drawer .ant-drawer-section');
  await drawer.waitFor();
  await expect.poll(() => drawer.locator('.ant-drawer-title').innerText()).toBe('筛选');
  const shown = await drawer.locator('.ant-form-item-label').allInnerTexts();
  for (const l of labels) expect(shown).toContain(l);
  return drawer;
}

async function closeFilters(page: Page) {
  await page.locator('.dg-filter-drawer .ant-drawer-close').click();
  await page.locator('.dg-filter-drawer .ant-drawer-section').waitFor({ state: 'hidden' });
}

const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));

describe('lists on a phone', () => {
  it('运单管理, 隐患整改 and 到期预警 of an enterprise: cards and a 筛选 drawer', { timeout: 240_000 }, async () => {
    const page = await newPage(ctx.browser, PHONE);
    await login(page, 'qiye');

    // 运单管理: filter by 状态 in the drawer; every card then carries that state's tag
    await open(page, 'waybillManageManager');
    await expectCards(page, { action: '详情' });
    await shot(page, 'phone-waybill-manage');
    const drawer = await openFilters(page, ['状态', '起运日期', '车牌', '托运人', '货物类别']);
    // a click on an option while the dropdown still slides in is lost: choose until the field shows it
    await expect.poll(async () => {
      const field = drawer.getByTestId('filter-state');
      if (!(await field.innerText()).includes('已完成')) {
        await field.click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^已完成$/ }).click({ timeout: 5_000 }).catch(() => undefined);
      }
      return field.innerText();
    }, { timeout: 30_000, interval: 300 }).toContain('已完成');
    await shot(page, 'phone-waybill-filters');
    await drawer.getByTestId('phone-filter-ok').click();
    await expect.poll(async () => [...new Set(await page.locator('.dg-list-card [data-testid=card-state] .ant-tag').allInnerTexts())], { timeout: 15_000 }).toEqual(['已完成']);
    await expectCards(page, { states: ['已完成'], action: '详情' });
    expect(await page.getByTestId('phone-filter').locator('xpath=..').locator('.ant-badge-count').innerText()).toBe('1');

    // 隐患整改: the generic list (ResourcePage) as cards, 待整改 / 整改中 tags, 整改 at the foot where the state allows it
    await open(page, 'hazardHandleManager');
    await expectCards(page, { states: ['待整改', '整改中'], action: '详情' });
    await shot(page, 'phone-hazard-handle');
    await openFilters(page, []);
    await shot(page, 'phone-hazard-filters');
    await closeFilters(page);

    // 到期预警 › 车辆道路运输证
    await open(page, 'alertVehicleTransport');
    await expectCards(page, { states: ['即将到期', '已过期'], action: '查看档案' });
    await openFilters(page, ['状态', '有效期至']);
    await closeFilters(page);
    await shot(page, 'phone-warning');

    // 车辆基本信息: a list with 新增 / 导入 / 导出 fits the phone, its 审核状态 the card's tag
    await open(page, 'vehicleBasicManager');
    await expectCards(page, { states: ['草稿', '待审核', '已通过', '已驳回'], action: '详情' });
    await shot(page, 'phone-vehicles');
    await page.context().close();
  });

  it('运单监控 of a government: state cards in one row, then the waybills as cards', { timeout: 120_000 }, async () => {
    const page = await newPage(ctx.browser, PHONE);
    await login(page, 'zhengfu');
    await open(page, 'waybillMonitorManager');
    await expectCards(page, { action: '详情' });
    // the count cards scroll sideways: the first waybill card is on the first screen
    const firstCard = await page.locator('.dg-list-card').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(PHONE.height);
    await shot(page, 'phone-waybill-monitor');
    await openFilters(page, ['企业', '起运日期', '起运地', '目的地']);
    await shot(page, 'phone-monitor-filters');
    await page.context().close();
  });

  it('at 1440×900 the lists are tables with their whole search form', { timeout: 120_000 }, async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + pathOf('waybillManageManager'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await settled(page);
    expect(await page.locator('.dg-list-card').count()).toBe(0);
    expect(await page.getByTestId('phone-search').count()).toBe(0);
    expect(await page.getByTestId('wb-search').isVisible()).toBe(true);
    const heads = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(heads.slice(0, 3).map((h) => h.trim())).toEqual(['运单编号', '状态', '货物']);
    await shot(page, 'desktop-waybill-manage');
    await page.goto(baseUrl() + pathOf('hazardHandleManager'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await settled(page);
    expect(await page.locator('.dg-list-card').count()).toBe(0);
    // the row's state stands second, beside its number
    expect((await page.locator('.ant-table-thead th').allInnerTexts()).slice(0, 2).map((h) => h.trim())).toEqual(['隐患编号', '状态']);
    await shot(page, 'desktop-hazard-handle');
    await page.context().close();
  });

  it('at 1440×900: 审核状态 beside the plate and no 编辑 on a vehicle 待审核; the 通过 dialog\'s counter clears its buttons', { timeout: 120_000 }, async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + pathOf('vehicleBasicManager'));
    await page.locator('#vehicle_search_plateNo').fill('A7F326');
    await page.locator('#vehicle_search_plateNo').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'A7F326' });
    await row.waitFor();
    await settled(page);
    expect((await page.locator('.ant-table-thead th').allInnerTexts()).slice(0, 2).map((h) => h.trim())).toEqual(['车牌号码', '审核状态']);
    expect((await row.locator('td').nth(1).innerText()).trim()).toBe('待审核');
    expect(await row.locator('td .ant-tag').first().innerText()).toBe('待审核');
    const actions = (await row.locator('td').last().innerText()).replace(/\s+/g, ' ');
    expect(actions).toContain('详情');
    expect(actions).not.toContain('编辑');
    expect(actions).not.toContain('删除');
    await shot(page, 'desktop-vehicle-pending');
    await page.context().close();

    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + pathOf('enterpriseVehicleAuditManager'));
    await gov.getByTestId('audit-pass').first().click();
    const dialog = gov.locator('.ant-modal-container', { hasText: '审核意见' });
    await dialog.waitFor();
    await dialog.locator('textarea').fill('资料齐全');
    const count = await dialog.locator('.ant-input-data-count').boundingBox();
    const buttons = await dialog.locator('.ant-modal-footer').boundingBox();
    expect(await dialog.locator('.ant-input-data-count').innerText()).toBe('4 / 500');
    expect(count!.y + count!.height).toBeLessThanOrEqual(buttons!.y);
    await shot(gov, 'desktop-audit-pass-dialog');
    await btn(dialog, '取消').click();
    await gov.context().close();
  });

  it('基础信息查询: 异常运单 lists the findings of the jurisdiction with their detail; 高速卡口通行 says it has none yet', { timeout: 120_000 }, async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    await page.goto(baseUrl() + pathOf('ycydManager'));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await settled(page);
    expect(await rows.count()).toBeGreaterThan(0);
    expect((await page.locator('.ant-table-thead th').allInnerTexts()).slice(0, 2).map((h) => h.trim())).toEqual(['发现时间', '状态']);
    const body = await page.locator('.main-container').innerText();
    // a developer's note (a module still to come) or an empty list; 数据融合 itself may stand in a row as its source
    expect(body).not.toMatch(/模块|建设中|暂无数据/);
    // read only: neither 手工上报 nor 下发核查单
    expect(await anyBtn(page, '手工上报').count()).toBe(0);
    expect(await anyBtn(page, '下发核查单').count()).toBe(0);
    await shot(page, 'jcxx-abnormal');
    await btn(rows.first(), '详情').click();
    await page.waitForURL(/\/jcxxcxManager\/ycydInfo\//);
    await page.getByTestId('abnormal-info').waitFor();
    await settled(page);
    expect(await page.getByTestId('abnormal-info').innerText()).toContain('异常情况');
    await shot(page, 'jcxx-abnormal-info');

    await page.goto(baseUrl() + pathOf('gsjzxManager'));
    // the card stands while the count loads (a skeleton under the same title): wait for what it then says
    await expect.poll(() => page.getByTestId('jcxx-gsjzx').innerText()).toContain('暂无卡口通行记录：外部数据导入后在此查询');
    await shot(page, 'jcxx-gsjzx');
    await page.getByTestId('gsjzx-import').click();
    await page.waitForURL((u) => u.pathname === pathOf('fusionImportManager'));
    await page.context().close();
  });
});
