/**
 * 调度派车 shows who can go before the choice, on the demo data of the day the test runs: qiye fills a waybill from the
 * saved 托运人, 收货人, 装货人, 常用线路 and 常用危险货物 (a load no vehicle of the fleet takes is warned of before submit),
 * submits it, opens 调度派车, sees the 车辆人员绑定 and the drivers with their state beside the name — 可调度 first, the
 * others with the reason — dispatches with the first eligible set, and finds the waybill dispatched (待检查). A waybill
 * dispatched meanwhile through the API, not by this page, appears on the open 出车检查 queue without a reload (the
 * server's live event invalidates the queue's query).
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';
import { dispatchedWaybill, enterpriseOf, openDispatch, pick, tag, toast, tokenOf } from './fixtures.ts';

const ctx = useBrowser();
const openPopup = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

describe('调度派车: candidates with their state', () => {
  it('creates a waybill from saved base info and dispatches it with the first eligible set', async () => {
    const page = await newPage(ctx.browser, { width: 1440, height: 900 });
    await login(page, 'qiye');

    // ── 运单填报 from the saved 托运人, 收货人, 线路 and 常用危险货物 ──
    await page.goto(baseUrl() + '/transportMission/baseEdit');
    await page.getByTestId('waybill-edit').waitFor();
    await pick(page, page.getByTestId('party-shipper'), '巨化集团');
    await expect.poll(() => page.getByTestId('shipper-name').inputValue()).toBe('巨化集团有限公司');
    await pick(page, page.getByTestId('party-consignee'), '园区热电');
    await pick(page, page.getByTestId('party-loader'), '公共装卸站');
    await pick(page, page.locator('.ant-card', { hasText: '运输线路' }).locator('.ant-card-extra'), '城北油库');
    await expect.poll(() => page.getByTestId('dest-address').inputValue()).toBe('城北工业区油库路2号');
    const qty = page.locator('[data-testid="goods-quantity-0"] input, input[data-testid="goods-quantity-0"]').first();
    await pick(page, page.getByTestId('add-cargo'), '汽油', '汽油', qty);
    // a load beyond every vehicle of the fleet is warned of before submit, naming why
    await qty.fill('200');
    const warning = page.getByTestId('capacity-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('本企业没有能装载该运单的车辆：货物总质量200000千克');
    await shot(page, 'waybill-capacity-warning');
    await qty.fill('10');
    await expect.poll(() => page.getByTestId('goods-total').innerText()).toBe('10000');
    await expect.poll(() => warning.count()).toBe(0);
    // the toast is watched for from the click on: on a loaded machine it can come and go before the list has loaded
    await Promise.all([toast(page, '已提交').waitFor(), page.getByTestId('wb-submit').click()]);
    await page.waitForURL('**/transportMission/base');
    const [row] = await sql<{ id: string; state: string }>(`select id, state from waybill where enterprise_id = (select enterprise_id from base_user where username = 'qiye')
      and shipper_name = '巨化集团有限公司' and deleted_at is null order by created_at desc limit 1`);
    expect(row?.state).toBe('待调度');
    const id = row!.id;

    // ── 调度派车: the bindings with their state, 可调度 first ──
    await openDispatch(page, id);

    const bindField = page.locator('.ant-form-item', { hasText: '车辆人员绑定' }).locator('.ant-select').first();
    await bindField.click();
    const binds = page.locator(`${openPopup} [data-testid="candidate-bind"]`);
    await binds.first().waitFor();
    const states = await binds.evaluateAll((els) => els.map((e) => ({ eligible: e.getAttribute('data-eligible'), state: e.getAttribute('data-state'), text: e.textContent })));
    expect(states[0]!.eligible).toBe('1');
    expect(states[0]!.state).toBe('可调度');
    // 可调度 first: no eligible one after an ineligible one
    const firstBad = states.findIndex((s) => s.eligible === '0');
    expect(firstBad).toBeGreaterThan(0);
    expect(states.slice(firstBad).every((s) => s.eligible === '0')).toBe(true);
    // the set whose driver's 从业资格证 lapsed is marked with the reason
    expect(states.some((s) => s.state === '从业资格不符' && /驾驶员.+从业资格证过期或类别不符/.test(s.text ?? ''))).toBe(true);
    await shot(page, 'waybill-dispatch-binds');
    await page.keyboard.press('Escape');

    // the drivers: 可调度 first, the rest with their reason (busy, lapsed, wrong post)
    await page.getByTestId('crew-driverId').locator('.ant-select').first().click();
    const drivers = page.locator(`${openPopup} [data-testid="candidate-driver"]`);
    await drivers.first().waitFor();
    const ds = await drivers.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(ds[0]).toBe('可调度');
    expect(ds.some((s) => s !== '可调度')).toBe(true);
    expect(ds).not.toContain('已离职');
    await shot(page, 'waybill-dispatch-drivers');
    await page.keyboard.press('Escape');

    // ── the first eligible set ──
    await bindField.click();
    await binds.first().waitFor();
    const chosen = (await binds.first().locator('span').first().innerText()).trim();
    await page.locator(`${openPopup} .ant-select-item-option`).filter({ has: page.locator('[data-eligible="1"]') }).first().click();
    await page.getByTestId('compliance-ok').waitFor();
    await expect.poll(() => page.getByTestId('dispatch-submit').isEnabled()).toBe(true);
    await shot(page, 'waybill-dispatch-eligible');
    await page.getByTestId('dispatch-submit').click();
    // the toast stays 3 s: it is looked for before the list's address, which a loaded machine may reach later
    await toast(page, '调度成功').waitFor();
    await page.waitForURL('**/transportMission/dispatch');

    // ── dispatched: 待检查 with the set's vehicle, in the 出车检查 queue ──
    const [after] = await sql<{ state: string; bind_name: string }>('select w.state, b.name as bind_name from waybill w join wb_bind b on b.id = w.bind_id where w.id = $1', [id]);
    expect(after).toEqual({ state: '待检查', bind_name: chosen });
    await page.goto(baseUrl() + '/transportMission/waybillCheck');
    await page.getByTestId(`wb-row-${id}`).waitFor();
    await shot(page, 'waybill-dispatched');

    // ── another session dispatches a waybill through the API: the open queue shows it, the page never reloaded ──
    const loaded = await page.evaluate(() => performance.timeOrigin);
    const other = await dispatchedWaybill(await tokenOf(page), await enterpriseOf('qiye'), tag());
    await page.getByTestId(`wb-row-${other.id}`).waitFor();
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
    await shot(page, 'waybill-queue-live');
    await page.context().close();
  });
});
