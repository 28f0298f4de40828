/**
 * A roadside inspector scans the QR code of a distributed waybill with a phone (
 * /transportInfo-qyd): no sign-in, a phone-sized card with carrier, plate, goods, route and status;
 * driver and escort names masked, no phone numbers; a wrong check code reads 运单不存在或校验码错误.
 * The number and check code are read from the database, as the QR code would carry them.
 */
import { describe, expect, it } from 'vitest';
import { maskName } from '@dg/core/waybill';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';
import { distributedWaybill, enterpriseOf, tag, tokenOf } from './fixtures.ts';

const ctx = useBrowser();

interface Issued {
  waybill_no: string; check_code: string; state: string; plate_no: string; carrier_name: string;
  driver_name: string | null; escort_name: string | null; driver_phone: string | null; escort_phone: string | null; carrier_phone: string | null;
}

describe('运单查验 (public QR check)', () => {
  it('shows a distributed waybill on a phone with masked names and no phone numbers; a wrong code is refused', async () => {
    // a waybill of its own, distributed by the dispatcher through the API
    const office = await newPage(ctx.browser);
    await login(office, 'qiye');
    const issued = await distributedWaybill(await tokenOf(office), await enterpriseOf('qiye'), tag());
    await office.context().close();
    const [w] = await sql<Issued>(`select waybill_no, check_code, state, plate_no, carrier_name, driver_name, escort_name, driver_phone, escort_phone, carrier_phone
      from waybill where waybill_no = $1`, [issued.waybillNo]);
    expect(w?.check_code).toBe(issued.checkCode);
    const page = await newPage(ctx.browser, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/transportInfo-qyd?no=${w!.waybill_no}&code=${w!.check_code}`);
    const card = page.getByTestId('transport-info-card');
    await card.waitFor();
    expect(new URL(page.url()).pathname).toBe('/transportInfo-qyd'); // no sign-in asked
    expect(await page.getByTestId('ti-no').innerText()).toBe(w!.waybill_no);
    expect(await page.getByTestId('ti-state').innerText()).toBe(w!.state);
    expect(await page.getByTestId('ti-plate').innerText()).toContain(w!.plate_no);
    expect(await page.getByTestId('ti-carrier').innerText()).toBe(w!.carrier_name);
    expect(await page.getByTestId('ti-goods').count()).toBeGreaterThan(0);
    const driver = (await page.getByTestId('ti-driver').innerText()).trim();
    expect(driver).toBe(maskName(w!.driver_name));
    expect(driver).toMatch(/^\S\*+$/);
    if (w!.escort_name) expect((await page.getByTestId('ti-escort').innerText()).trim()).toBe(maskName(w!.escort_name));
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(w!.driver_name!);
    for (const phone of [w!.driver_phone, w!.escort_phone, w!.carrier_phone]) if (phone) expect(text).not.toContain(phone);
    expect(text).not.toMatch(/1[3-9]\d{9}/); // no mobile number at all
    // phone first: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'waybill-inspector-phone');

    await page.goto(`${baseUrl()}/transportInfo-qyd?no=${w!.waybill_no}&code=ZZZZZZ`);
    const err = page.getByTestId('transport-info-error');
    await err.waitFor();
    expect(await err.innerText()).toContain('运单不存在或校验码错误');
    expect(await page.getByTestId('transport-info-card').count()).toBe(0);
    await shot(page, 'waybill-inspector-wrong-code');
    await page.context().close();
  });
});
