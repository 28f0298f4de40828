/** Attachments, 文章 / 政策法规 (sanitising, 发布), APP releases and the dashboard. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { demoIds, upload, RANDOM_ID } from './util.ts';

let t: TestApp;
let dataDir: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-admin-files-'));
  t = await testApp({ dataDir });
  ids = await demoIds(t);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('attachments', () => {
  it('stores an upload under files/yyyy/mm/<uuid>, keeps the name in the database, and serves it with the UTF-8 name', async () => {
    const r = await upload(t, 'qiye', '../../营业执照 扫描.pdf', '%PDF-1.4 test');
    expect(r).toMatchObject({ status: 200, data: { name: '营业执照 扫描.pdf', size: 13, mime: 'application/pdf' } });
    const [row] = await t.sql(`select storage_path, enterprise_id, name from attachment where id = $1`, [r.data.id]);
    expect(row.storage_path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(row.enterprise_id).toBe(ids.enterpriseA);
    expect(existsSync(path.join(dataDir, 'files', row.storage_path))).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['files']);
    const got = await t.call('GET', `/api/zxxx/file/getAttachment/${r.data.id}`, { as: 'qiye' });
    expect(got.http).toBe(200);
    expect(got.raw.toString()).toBe('%PDF-1.4 test');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('营业执照 扫描.pdf')}`);
  });

  it("enterprise A's attachments are refused to enterprise B, shown to the governments over A and to the platform", async () => {
    const r = await upload(t, 'qiye', 'a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const url = `/api/zxxx/file/getAttachment/${r.data.id}`;
    expect((await t.call('GET', url, { as: 'qiye2' })).body).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    expect((await t.call('GET', url, { as: 'shiji' })).http).toBe(200);
    expect((await t.call('GET', url, { as: 'zhengfu' })).http).toBe(200);
    expect((await t.call('GET', url, { as: 'admin' })).http).toBe(200);
    expect((await t.call('GET', url)).http).toBe(401);
    // B cannot delete it either; A can, softly
    expect((await t.call('DELETE', `/api/zxxx/file/del/${r.data.id}`, { as: 'qiye2' })).body.status).toBe(40001);
    expect((await t.call('DELETE', `/api/zxxx/file/del/${r.data.id}`, { as: 'qiye' })).body.status).toBe(200);
    expect((await t.call('GET', url, { as: 'qiye' })).body.status).toBe(40001);
    const [row] = await t.sql(`select deleted_at from attachment where id = $1`, [r.data.id]);
    expect(row.deleted_at).not.toBeNull();
  });

  it('files of a government are readable by every signed-in user', async () => {
    const r = await upload(t, 'zhengfu', '通知.docx', 'doc');
    expect((await t.call('GET', `/api/zxxx/file/getAttachment/${r.data.id}`, { as: 'qiye2' })).http).toBe(200);
    expect((await t.call('DELETE', `/api/zxxx/file/del/${r.data.id}`, { as: 'qiye2' })).body.status).toBe(40001);
    expect((await t.call('DELETE', `/api/zxxx/file/del/${r.data.id}`, { as: 'zhengfu' })).body.status).toBe(200);
  });

  it('refuses other file types and files over 20 MB', async () => {
    expect(await upload(t, 'qiye', 'x.exe', 'MZ')).toMatchObject({ status: 40001, message: '不支持的文件类型' });
    expect(await upload(t, 'qiye', 'noext', 'x')).toMatchObject({ status: 40001, message: '不支持的文件类型' });
    expect(await upload(t, 'qiye', 'x.svg', '<svg/>')).toMatchObject({ status: 40001, message: '不支持的文件类型' });
    const big = await upload(t, 'qiye', 'big.zip', Buffer.alloc(20 * 1024 * 1024 + 10));
    expect(big).toMatchObject({ status: 40001, message: '文件大小不能超过20MB' });
    expect((await t.call('GET', `/api/zxxx/file/getAttachment/${RANDOM_ID}`, { as: 'admin' })).body.status).toBe(40001);
  });
});

describe('文章 / 政策法规', () => {
  it('sanitises the rich text, publishes once, and shows it to every user', async () => {
    const title = uid('文章');
    const add = await t.call('POST', '/api/admin/article/add', { as: 'zhengfu', body: {
      title, category: '安全提示',
      content: '<p onclick="steal()">夏季<strong>高温</strong><script>alert(1)</script><a href="javascript:alert(1)">坏链接</a>'
        + '<a href="https://www.mot.gov.cn" target="_blank">交通运输部</a><img src="x" onerror="alert(1)"><img src="data:image/png;base64,iVBORw0KGgo="><iframe src="https://evil"></iframe></p>',
    } });
    expect(add.body.status).toBe(200);
    const html: string = add.body.data.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('<strong>高温</strong>');
    expect(html).toContain('<a href="https://www.mot.gov.cn" target="_blank" rel="noopener noreferrer">交通运输部</a>');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(add.body.data).toMatchObject({ status: '草稿', publishedAt: null });
    expect((await t.call('POST', '/api/admin/article/add', { as: 'zhengfu', body: { title: uid('空'), category: '安全提示', content: '<script>x</script>' } })).body.message).toBe('正文：请输入正文');
    // enterprises read, never write
    expect((await t.call('POST', '/api/admin/article/add', { as: 'qiye', body: { title, category: '安全提示', content: 'x' } })).body.status).toBe(40301);

    const pub = await t.call('POST', `/api/admin/article/publish/${add.body.data.id}`, { as: 'zhengfu' });
    expect(pub.body.data).toMatchObject({ status: '已发布', version: add.body.data.version + 1 });
    expect((await t.call('POST', `/api/admin/article/publish/${add.body.data.id}`, { as: 'zhengfu' })).body.message).toBe('该文章已发布');
    const latest = await t.call('GET', '/api/admin/published?kind=article&limit=5', { as: 'qiye2' });
    expect(latest.body.data[0]).toMatchObject({ id: add.body.data.id, kind: 'article', title });
    const read = await t.call('GET', `/api/admin/published/article/${add.body.data.id}`, { as: 'qiye2' });
    expect(read.body.data.content).toBe(html);
    const dash = await t.call('GET', '/api/index/dashboard', { as: 'qiye' });
    expect(dash.body.data.notices.map((n: any) => n.id)).toContain(add.body.data.id);
  });

  it('publishes a policy; a draft stays unseen', async () => {
    const add = await t.call('POST', '/api/admin/policy/add', { as: 'admin', body: { title: uid('办法'), category: '部门规章', content: '<h2>第一条</h2><p>为了…</p>' } });
    expect((await t.call('GET', `/api/admin/published/policy/${add.body.data.id}`, { as: 'qiye' })).body.status).toBe(40001);
    expect((await t.call('POST', `/api/admin/policy/publish/${add.body.data.id}`, { as: 'zhengfu' })).body.status).toBe(200);
    const all = await t.call('GET', '/api/admin/published?limit=50', { as: 'qiye' });
    expect(all.body.data.find((x: any) => x.id === add.body.data.id)).toMatchObject({ kind: 'policy' });
  });
});

describe('APP releases', () => {
  it('answers the newest release without a token, with a link to its installer', async () => {
    expect((await t.call('GET', '/api/app/latest?platform=iOS')).body.status).toBe(200);
    const file = await upload(t, 'admin', 'driver.apk', 'PK apk');
    const notes = uid('修复');
    // inserted directly: see the report (the definition's `version` field shares the optimistic-lock column)
    await t.sql(`insert into app_release (platform, package, notes, force, created_at) values ('Android', $1, $2, true, now() + interval '1 day')`,
      [JSON.stringify([{ id: file.data.id, name: 'driver.apk' }]), notes]);
    const r = await t.call('GET', '/api/app/latest?platform=Android');
    expect(r.body.data).toMatchObject({ platform: 'Android', force: true, notes, url: `/api/zxxx/file/getAttachment/${file.data.id}` });
    const dl = await t.app.inject({ method: 'GET', url: r.body.data.downloadUrl });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('PK apk');
    // nothing else is downloadable that way
    const other = await upload(t, 'admin', 'secret.pdf', 'x');
    expect((await t.call('GET', `/api/app/download/${other.data.id}`)).body.status).toBe(40001);
    expect((await t.call('GET', '/api/super/app/latest')).http).toBe(404);
    await t.sql(`delete from app_release where notes = $1`, [notes]);
  });
});

describe('首页', () => {
  it('an enterprise sees its queues, expiry warnings and notices', async () => {
    // other test files share the database and may add qiye waybills meanwhile: count them before and after
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const monthCount = async () => (await t.sql(`select count(*)::int as n from waybill w join base_user u on u.enterprise_id = w.enterprise_id
      where u.username = 'qiye' and w.deleted_at is null and w.created_at >= ($1 || 'T00:00:00+08:00')::timestamptz`, [today.slice(0, 8) + '01']))[0].n as number;
    const before = await monthCount();
    const a = (await t.call('GET', '/api/index/dashboard', { as: 'qiye' })).body.data;
    const after = await monthCount();
    expect(a.side).toBe('enterprise');
    expect(Object.keys(a.queues).sort()).toEqual(['overdueAssessBorrow', 'overdueBorrow', 'unchecked', 'uncommitted', 'undistributed', 'unread', 'unreadMessage', 'unreadRegime', 'unreadStaffNotice', 'unscheduled']);
    // 到期预警: one row per list of 到期预警, the same figures the lists count
    const summary = (await t.call('GET', '/api/warning/summary', { as: 'qiye' })).body.data as { kind: string; title: string; due: number; overdue: number }[];
    expect(a.expiry.map((x: any) => x.kind)).toEqual(['alertCompanyLicence', 'alertVehicleTransport', 'alertVehicleReview', 'alertVehicleInsurance', 'alertTankCheck', 'alertStaffQualification', 'alertDriverLicence']);
    expect(a.expiry).toEqual(summary.map(({ kind, title, due, overdue }) => ({ kind, title, due, overdue })));
    expect(a.warnings).toEqual({ due: summary.reduce((n, x) => n + x.due, 0), overdue: summary.reduce((n, x) => n + x.overdue, 0) });
    // the demo has documents due and expired
    expect(a.warnings.due).toBeGreaterThan(0);
    expect(a.warnings.overdue).toBeGreaterThan(0);
    expect(a).toMatchObject({ hazards: { open: expect.any(Number), major: expect.any(Number), overdue: expect.any(Number) }, waybillsByDay: expect.any(Array) });
    // 本月运单: every day of the month so far (China time), quiet days as 0, adding up to the month's waybills
    expect(a.waybillsByDay.map((d: any) => d.date)).toEqual(Array.from({ length: Number(today.slice(8)) }, (_, i) => `${today.slice(0, 8)}${String(i + 1).padStart(2, '0')}`));
    const shown = a.waybillsByDay.reduce((n: number, d: any) => n + d.count, 0);
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
  });

  it('a government and the platform see their figures', async () => {
    const g = (await t.call('GET', '/api/index/dashboard', { as: 'shiji' })).body.data;
    expect(g).toMatchObject({ side: 'government', todayWaybills: expect.any(Number), inTransit: expect.any(Number), abnormal: expect.any(Number),
      overdueCertificates: expect.any(Number), openRectifications: expect.any(Number), byCity: expect.any(Array), byClass: expect.any(Array), notices: expect.any(Array) });
    // 证件过期: every overdue document of the three 静态信息预警 topics in the city
    const summary = (await t.call('GET', '/api/warning/summary', { as: 'shiji' })).body.data as { overdue: number }[];
    expect(g.overdueCertificates).toBe(summary.reduce((n, x) => n + x.overdue, 0));
    expect(g.overdueCertificates).toBeGreaterThan(0);
    const p = (await t.call('GET', '/api/index/dashboard', { as: 'admin' })).body.data;
    expect(p.side).toBe('platform');
    expect(p.overdueCertificates).toBeGreaterThanOrEqual(g.overdueCertificates);
  });
});
