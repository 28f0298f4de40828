/**
 * 查询注册进度 (/userRegister?mode=status): the applicant of a rejected registration signs with its 管理员账号 and 密码,
 * reads the 驳回意见, corrects the application (修改后重新提交) and sends it back to 企业车辆审核 under the same account.
 */
import { describe, it, expect } from 'vitest';
import { makeCreditCode } from '@dg/core';
import { baseUrl, newPage, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('registration status', () => {
  it('a rejected application is read and revised by its applicant', async () => {
    const [{ region_code: regionCode }] = await sql(`select e.region_code from base_user u join enterprise e on e.id = u.enterprise_id where u.username = 'qiye'`);
    const n = String(Date.now()).slice(-8);
    const form = {
      name: `进度查询运输有限公司${n}`, creditCode: makeCreditCode(`91${regionCode}MA${n.slice(-7)}`), licenceNo: `浙交运管许可杭字${n}号`,
      businessScope: ['3'], regionCode, address: '文三路 200 号', contact: '周申请', phone: '13900003333', username: `jd${n}`, password: 'abc12345',
    };
    const r = await fetch(baseUrl() + '/api/public/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    const id = (await r.json()).data.enterpriseId as string;
    await sql(`update enterprise set audit_status = '已驳回', audit_opinion = '许可证号与许可机关记录不符' where id = $1`, [id]);

    const page = await newPage(ctx.browser);
    await page.goto(baseUrl() + '/login');
    await page.getByTestId('login-register-status-link').click();
    await page.waitForURL('**/userRegister?mode=status');
    await page.getByTestId('register-status-username').fill(form.username);
    await page.getByTestId('register-status-password').fill(form.password);
    await page.getByTestId('register-status-submit').click();
    const result = page.getByTestId('register-status-result');
    await expect.poll(() => result.innerText()).toContain('许可证号与许可机关记录不符');
    expect(await result.innerText()).toContain('已驳回');
    await page.getByTestId('register-revise').click();
    // the form starts from the application as submitted
    await expect.poll(() => page.getByTestId('register-enterpriseName').inputValue()).toBe(form.name);
    expect(await page.getByTestId('register-creditCode').inputValue()).toBe(form.creditCode);
    await page.getByTestId('register-licenceNo').fill(`浙交运管许可杭字${n}0号`);
    await shot(page, 'register-revise');
    await page.getByTestId('register-revise-submit').click();
    await page.getByText('已重新提交，等待审核').waitFor();
    const [e] = await sql(`select licence_no, audit_status from enterprise where id = $1`, [id]);
    expect(e).toEqual({ licence_no: `浙交运管许可杭字${n}0号`, audit_status: '待审核' });
    await page.context().close();
  });
});
