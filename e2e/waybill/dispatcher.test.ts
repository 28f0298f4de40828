/**
 * A dispatcher's morning, through the UI: qiye fills a waybill in baseEdit from base
 * info (托运人/收货人/装货人, 常用线路, one goods line from the UN catalogue) → 提交 → 调度 (first a
 * driver whose 从业资格证 has expired: the compliance panel shows the red line and 调度 stays disabled;
 * then a compliant crew) → 出车检查 all 合格 → 下发 (the number is shown) → the A4 print view →
 * 装货确认 (五必查) → 卸货签收 → the detail shows the whole timeline.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';
import { dispatchedWaybill, enterpriseOf, makeCrew, makeParties, openDispatch, pick, tag, toast, tokenOf } from './fixtures.ts';

const ctx = useBrowser();

describe('电子运单: a dispatcher takes one waybill from draft to completed', () => {
  it('fills, submits, dispatches, checks, issues, prints, loads and signs off one waybill', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    const t = tag();
    const ent = await enterpriseOf('qiye');
    const parties = await makeParties(await tokenOf(page), ent, t);
    const crew = await makeCrew(ent, t);
    const shipperName = parties.shipper.name as string;

    // ── 运单填报: new waybill from base info ──
    await page.goto(baseUrl() + '/transportMission/base');
    await page.getByTestId('wb-add').click();
    await page.waitForURL('**/transportMission/baseEdit');
    await page.getByTestId('waybill-edit').waitFor();
    await pick(page, page.getByTestId('party-shipper'), shipperName);
    await expect.poll(() => page.getByTestId('shipper-name').inputValue()).toBe(shipperName);
    await pick(page, page.getByTestId('party-consignee'), parties.consignee.name);
    await pick(page, page.getByTestId('party-loader'), parties.loader.name);
    await pick(page, page.locator('.ant-card', { hasText: '运输线路' }).locator('.ant-card-extra'), parties.line.name);
    await expect.poll(() => page.getByTestId('dest-address').inputValue()).toBe('城北工业区油库路2号');
    const qty = page.locator('[data-testid="goods-quantity-0"] input, input[data-testid="goods-quantity-0"]').first();
    await pick(page, page.getByTestId('add-catalogue'), '1203', '1203', qty);
    await qty.fill('10');
    await expect.poll(() => page.getByTestId('goods-total').innerText()).toBe('10000');
    await shot(page, 'waybill-base-edit');
    // the toast is watched for from the click on: on a loaded machine it can come and go before the list has loaded
    await Promise.all([toast(page, '已提交').waitFor(), page.getByTestId('wb-submit').click()]);
    await page.waitForURL('**/transportMission/base');
    const [row] = await sql<{ id: string; state: string }>('select id, state from waybill where shipper_name = $1 and deleted_at is null', [shipperName]);
    expect(row?.state).toBe('待调度');
    const id = row!.id;

    // ── 调度派车: an expired driver first, then a compliant crew ──
    await openDispatch(page, id);
    await pick(page, page.getByTestId('crew-vehicleId'), crew.plateNo);
    // keyboard: with the dropdown closed, Enter moves on to the next field (挂车)
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="crew-trailerId"]'))).toBe(true);
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0); // and opens nothing
    await pick(page, page.getByTestId('crew-tankId'), crew.tankNo);
    await pick(page, page.getByTestId('crew-driverId'), crew.expiredDriver);
    await pick(page, page.getByTestId('crew-escortId'), crew.escort);
    const problem = page.getByTestId('compliance-problem').filter({ hasText: `驾驶员${crew.expiredDriver}从业资格证过期或类别不符` });
    await problem.waitFor();
    await expect.poll(() => page.getByTestId('compliance-problem').count()).toBe(1);
    expect(await page.getByTestId('dispatch-submit').isDisabled()).toBe(true);
    await shot(page, 'waybill-dispatch-problem');

    await pick(page, page.getByTestId('crew-driverId'), crew.driver);
    await page.getByTestId('compliance-ok').waitFor();
    expect(await page.getByTestId('compliance-ok').innerText()).toContain('合规，可以调度');
    await expect.poll(() => page.getByTestId('dispatch-submit').isEnabled()).toBe(true);
    await shot(page, 'waybill-dispatch-ok');
    await page.getByTestId('dispatch-submit').click();
    // the toast stays 3 s: it is looked for before the list's address, which a loaded machine may reach later
    await toast(page, '调度成功').waitFor();
    await page.waitForURL('**/transportMission/dispatch');

    // ── 出车检查: every item 合格, 安全告知 for driver and escort ──
    await page.goto(baseUrl() + '/transportMission/waybillCheck');
    await page.getByTestId(`wb-row-${id}`).getByTestId('wb-action-check').click();
    await page.waitForURL(`**/transportMission/waybillCheckEdit?id=${id}`);
    await page.getByTestId('check-all-pass').click();
    await page.getByTestId('notify-driver').click();
    await page.getByTestId('notify-escort').click();
    await shot(page, 'waybill-check');
    await page.getByTestId('check-submit').click();
    // the toast stays 3 s: it is looked for before the list's address, which a loaded machine may reach later
    await toast(page, '出车检查合格').waitFor();
    await page.waitForURL('**/transportMission/waybillCheck');

    // ── 运单下发: select, issue, the number is shown ──
    await page.goto(baseUrl() + '/transportMission/distribute');
    await page.getByTestId(`wb-row-${id}`).locator('.ant-checkbox-input').check();
    await page.getByTestId('wb-distribute-selected').click();
    const issuedNo = page.getByTestId('issued-no').first();
    await issuedNo.waitFor();
    const waybillNo = (await issuedNo.innerText()).trim();
    expect(waybillNo).toMatch(/^\d{20}$/);
    const [issued] = await sql<{ waybill_no: string; state: string }>('select waybill_no, state from waybill where id = $1', [id]);
    expect(issued).toEqual({ waybill_no: waybillNo, state: '待装货' });
    await shot(page, 'waybill-distributed');

    // ── the A4 print view, with its QR code; printing hides the shell ──
    await page.getByTestId('issued-print').first().click();
    await page.waitForURL(`**/transportMission/print?id=${id}`);
    await page.getByTestId('print-sheet').waitFor();
    expect((await page.getByTestId('print-waybill-no').innerText()).trim()).toBe(waybillNo);
    await page.getByTestId('print-qr').locator('img, svg').first().waitFor();
    expect(await page.getByTestId('print-sheet').innerText()).toContain(crew.plateNo);
    await shot(page, 'waybill-print');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.sidebar-container').isVisible()).toBe(false);
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    await shot(page, 'waybill-print-media');
    // printed on A4, the 运单 is one page
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // ── 运单管理: 装货确认 (五必查), then 卸货签收 ──
    await page.goto(baseUrl() + '/transportMission/waybillManageManager');
    await page.getByPlaceholder('请输入运单编号').fill(waybillNo);
    await page.getByTestId('wb-search').click();
    const manageRow = page.getByTestId(`wb-row-${id}`);
    // the search is kept in the URL: a reload shows the same list, the form still says what was searched
    const manageRows = page.locator('[data-testid^="wb-row-"]');
    await expect.poll(() => manageRows.count()).toBe(1);
    await manageRow.waitFor();
    expect(decodeURIComponent(new URL(page.url()).search)).toContain(waybillNo);
    await page.reload();
    await manageRow.waitFor();
    await expect.poll(() => manageRows.count()).toBe(1);
    expect(await page.getByPlaceholder('请输入运单编号').inputValue()).toBe(waybillNo);
    await manageRow.getByTestId('wb-action-load').click();
    await page.getByTestId('load-form').waitFor();
    await page.getByTestId('five-check-all').click();
    await shot(page, 'waybill-load');
    await page.getByTestId('load-submit').click();
    await toast(page, '装货确认成功').waitFor();
    await expect.poll(() => manageRow.getByTestId('waybill-state').innerText()).toBe('运输中');

    await manageRow.getByTestId('wb-action-unload').click();
    await page.getByTestId('unload-signer').fill('沈国庆');
    await page.getByTestId('unload-submit').click();
    await toast(page, '卸货签收成功').waitFor();
    await expect.poll(() => manageRow.getByTestId('waybill-state').innerText()).toBe('已完成');

    // ── the detail: every transition on the timeline ──
    await manageRow.getByTestId('wb-action-detail').click();
    await page.waitForURL(`**/transportMission/baseInfo?id=${id}`);
    const timeline = page.getByTestId('detail-timeline');
    await timeline.waitFor();
    const items = await page.getByTestId('timeline-item').allInnerTexts();
    const labels = (await page.getByTestId('timeline-action').allInnerTexts()).map((s) => s.trim());
    expect(labels).toEqual(['创建', '提交', '调度', '出车检查合格', '下发', '装货确认', '卸货签收']);
    expect(items[4]).toContain(waybillNo);
    expect(items[6]).toContain('签收人沈国庆');
    expect(await page.getByTestId('detail-waybill-no').innerText()).toContain(waybillNo);
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'waybill-detail-timeline');
    const [done] = await sql<{ state: string }>('select state from waybill where id = $1', [id]);
    expect(done?.state).toBe('已完成');
    await page.context().close();
  }, 240_000);

  it('出车检查 不合格 with a photo: 提交 pressed while the photo is still uploading sends the record with it', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    const wb = await dispatchedWaybill(await tokenOf(page), await enterpriseOf('qiye'), tag());
    await page.goto(baseUrl() + `/transportMission/waybillCheckEdit?id=${wb.id}`);
    await page.getByTestId('check-edit').waitFor();
    await page.getByTestId('check-all-pass').click();
    const itemId = (await page.locator('[data-testid^="check-result-"]').first().getAttribute('data-testid'))!.replace('check-result-', '');
    const row = page.locator('tr', { has: page.getByTestId(`check-result-${itemId}`) });
    await row.getByLabel('不合格').check();
    await row.getByPlaceholder('不合格，请填写说明（必填）').fill('右后轮胎面磨损超限');
    await page.getByTestId('notify-driver').click();
    await page.getByTestId('notify-escort').click();
    // the photo takes 1.5 s to arrive; 提交 is pressed from the keyboard as soon as it has started (the 加载中 overlay
    // stops a pointer, not a key)
    await page.route('**/api/zxxx/file/add', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    await row.locator('input[type=file]').setInputFiles({ name: '轮胎.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d3b5b40000000049454e44ae426082', 'hex') });
    await page.getByTestId('check-submit').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/transportMission/waybillCheck');
    const [check] = await sql<{ answers: { itemId: string; result: string; remark: string; photos: { name: string }[] | null }[] }>(
      'select answers from waybill_check where waybill_id = $1 order by at desc limit 1', [wb.id]);
    const failed = check!.answers.find((a) => a.itemId === itemId)!;
    expect(failed).toMatchObject({ result: '不合格', remark: '右后轮胎面磨损超限' });
    expect(failed.photos?.map((f) => f.name)).toEqual(['轮胎.png']);
    const [state] = await sql<{ state: string }>('select state from waybill where id = $1', [wb.id]);
    expect(state!.state).toBe('待调度'); // 不合格: back to dispatch
    await page.close();
  });
});
