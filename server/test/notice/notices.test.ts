/**
 * 通知公告, 人员通知 and 站内消息: a notice reaches only its audience inside the publisher's
 * reach (a notice to city A's enterprises is invisible to city B's; one to a role only to its holders); opening it records
 * the read and the publisher sees it; the body is stored clean; drafts and other units' notices stay with their unit;
 * messages go only where the sender may send, are read and deleted by each recipient for themselves, and the bell counts
 * unread notices and messages.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { caller } from '../danger/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData, step } = caller(() => t);
const base = '/api/tzgg/notice';
const remind = async (as: 'qiye' | 'qiye2' | 'shiji' | 'yuangong') => (await okData('GET', '/api/index/indexQyd/getRemindInfo', as)).content;
const received = async (as: 'qiye' | 'qiye2' | 'yuangong' | 'shiji', title: string) =>
  (await okData('POST', `${base}/list`, as, { filters: { box: 'received', title } })).content as { id: string; unread: boolean }[];

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('通知公告', () => {
  it('a notice to city A reaches city A only; opening it records the read for the publisher', async () => {
    const title = uid('城市通知');
    const draft = await okData('POST', `${base}/add`, 'zhengfu', {
      title, noticeType: '通知', audience: 'regions', regionCodes: [E.a.regionCode.slice(0, 4) + '00'],
      content: '<p onmouseover="x()">请各企业<a href="javascript:alert(1)">自查</a></p><img src=x onerror="alert(1)"><script>alert(1)</script>',
    });
    expect(draft.content).toBe('<p>请各企业<a>自查</a></p><img src="x" />');
    expect(draft).toMatchObject({ state: '草稿', publisherName: expect.stringContaining('交通运输厅') });
    expect(await received('qiye', title)).toEqual([]); // a draft reaches nobody
    expect((await call('GET', `${base}/info/${draft.id}`, 'qiye')).message).toBe(MSG.notFound);

    const unreadBefore = (await remind('qiye')).unread;
    const published = (await step(base, 'publish', draft.id, 'zhengfu')).data;
    expect(published).toMatchObject({ state: '已发布', readCount: 0 });
    expect(published.readTotal).toBeGreaterThan(0);
    expect((await remind('qiye')).unread).toBe(unreadBefore + 1);
    expect(await received('qiye', title)).toHaveLength(1);
    expect(await received('qiye2', title)).toEqual([]); // city B
    expect((await call('GET', `${base}/info/${draft.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('POST', `${base}/read/${draft.id}`, 'qiye2')).message).toBe(MSG.notFound);

    // qiye opens it
    expect((await okData('POST', `${base}/read/${draft.id}`, 'qiye')).readAt).toBeTruthy();
    expect((await remind('qiye')).unread).toBe(unreadBefore);
    expect((await received('qiye', title))[0]!.unread).toBe(false);
    const reads = await okData('GET', `${base}/reads/${draft.id}`, 'zhengfu');
    expect(reads.read).toBe(1);
    expect(reads.rows.find((r: { userName: string }) => r.userName === '张安全').readAt).toBeTruthy();
    expect(reads.rows.every((r: { unitName: string }) => r.unitName !== '宁波' )).toBe(true);
    // an addressee is not the publisher: no receipts, no edits
    expect((await call('GET', `${base}/reads/${draft.id}`, 'qiye')).message).toBe(MSG.notFound);
    expect((await call('PUT', `${base}/update`, 'zhengfu', { id: draft.id, version: published.version, title: '改' })).message).toBe(`通知“${title}”已发布，不能修改`);

    // 提醒未读 sends the unread a message; 撤回 takes it back from them
    const r = await okData('POST', `${base}/remind/${draft.id}`, 'zhengfu');
    expect(r.reminded).toBe(reads.total - 1);
    const withdrawn = (await step(base, 'withdraw', draft.id, 'zhengfu')).data;
    expect(withdrawn.state).toBe('已撤回');
    expect(await received('qiye', title)).toEqual([]);
  });

  it('a notice to a role reaches its holders only; a city cannot address outside its jurisdiction', async () => {
    const title = uid('角色通知');
    const row = await okData('POST', `${base}/add`, 'zhengfu', { title, noticeType: '公告', audience: 'roles', roleCodes: ['enterpriseStaff'], content: '<p>从业人员请注意冬季行车安全</p>' });
    await step(base, 'publish', row.id, 'zhengfu');
    expect(await received('yuangong', title)).toHaveLength(1);
    expect(await received('qiye', title)).toEqual([]);
    const far = await okData('POST', `${base}/add`, 'shiji', { title: uid('越界'), noticeType: '通知', audience: 'regions', regionCodes: [E.b.regionCode], content: '<p>x</p>' });
    expect((await step(base, 'publish', far.id, 'shiji')).message).toBe('接收地区：只能选择本辖区内的地区');
    expect((await call('POST', `${base}/publish/${far.id}`, 'zhengfu', { version: far.version })).message).toBe(MSG.notFound); // another unit's draft
    const none = await okData('POST', `${base}/add`, 'zhengfu', { title: uid('无对象'), noticeType: '通知', audience: 'enterprises', content: '<p>x</p>' });
    expect((await step(base, 'publish', none.id, 'zhengfu')).message).toBe('接收企业：发送对象为“按企业”时请选择接收企业');
  });
});

describe('站内消息', () => {
  it('sends within reach, reads and deletes per recipient, and counts unread on the bell', async () => {
    const subject = uid('消息');
    const [aAdmin] = await t.sql(`select id from base_user where username = 'qiye'`);
    const before = (await remind('qiye')).unreadMessage;
    const sentR = await okData('POST', '/api/znxx/message/send', 'shiji', { subject, content: '请于本周内报送隐患排查情况。', enterpriseIds: [E.a.id], recipientsText: `企业：${E.a.name}` });
    expect(sentR.recipients).toBeGreaterThan(0);
    expect((await remind('qiye')).unreadMessage).toBe(before + 1);
    const box = await okData('POST', '/api/znxx/message/inbox', 'qiye', { q: subject });
    expect(box.content[0]).toMatchObject({ subject, readAt: null, senderName: '赵运管' });
    const opened = await okData('GET', `/api/znxx/message/info/${box.content[0].id}`, 'qiye');
    expect(opened.readAt).toBeTruthy();
    expect(opened.recipients).toBeUndefined(); // a recipient does not see the others' state
    expect((await remind('qiye')).unreadMessage).toBe(before);
    const mine = await okData('GET', `/api/znxx/message/info/${box.content[0].id}`, 'shiji');
    expect(mine.recipients.find((r: { userName: string }) => r.userName === '张安全').readAt).toBeTruthy();
    expect((await call('GET', `/api/znxx/message/info/${box.content[0].id}`, 'qiye2')).message).toBe(MSG.notFound);
    await okData('DELETE', `/api/znxx/message/del/${box.content[0].id}`, 'qiye');
    expect((await okData('POST', '/api/znxx/message/inbox', 'qiye', { q: subject })).content).toEqual([]);
    expect((await okData('POST', '/api/znxx/message/sent', 'shiji')).content.some((m: { subject: string }) => m.subject === subject)).toBe(true);

    // out of reach: a city to city B's enterprise, an enterprise to another enterprise's account
    expect((await call('POST', '/api/znxx/message/send', 'shiji', { subject, content: 'x', enterpriseIds: [E.b.id] })).message).toBe('收件人：所选单位和人员不在您可发送的范围内，或没有可用账户');
    const [bAdmin] = await t.sql(`select id from base_user where username = 'qiye2'`);
    expect((await call('POST', '/api/znxx/message/send', 'qiye', { subject, content: 'x', userIds: [bAdmin.id] })).message).toBe('收件人：所选单位和人员不在您可发送的范围内，或没有可用账户');
    expect((await call('POST', '/api/znxx/message/send', 'qiye', { subject, content: 'x' })).message).toBe('收件人：请选择收件人');
    expect((await call('POST', '/api/znxx/message/send', 'qiye', { subject: '', content: 'x', userIds: [aAdmin.id] })).message).toBe('请输入主题');
    // an enterprise writes to its supervising city
    const orgs = await okData('GET', '/api/znxx/message/targets?kind=org', 'qiye');
    expect(orgs.map((o: { name: string }) => o.name).join()).toContain('道路运输管理局');
    expect((await okData('POST', '/api/znxx/message/send', 'qiye', { subject, content: '已完成整改。', orgIds: orgs.map((o: { id: string }) => o.id) })).recipients).toBeGreaterThan(0);
  });
});

describe('人员通知', () => {
  it('is read by the staff it was sent to, through a linked account', async () => {
    const title = uid('人员通知');
    const row = await okData('POST', '/api/tzgg/staffNotice/add', 'qiye', { title, content: '明早7点召开出车前安全会。', readerPosts: ['驾驶员'] });
    expect((await okData('POST', '/api/tzgg/staffNotice/list', 'yuangong', { filters: { title } })).content).toEqual([]); // a draft
    const before = (await remind('yuangong')).unreadStaffNotice;
    const pub = (await step('/api/tzgg/staffNotice', 'publish', row.id, 'qiye')).data;
    expect(pub.state).toBe('已发布');
    expect((await remind('yuangong')).unreadStaffNotice).toBe(before + 1);
    const mine = async () => (await okData('GET', '/api/tzgg/staffNotice/mine', 'yuangong')) as { linked: boolean; rows: { id: string; state: string; publishedAt: string; readAt: string | null }[] };
    expect((await mine()).rows.find((r) => r.id === row.id)).toMatchObject({ state: '已发布', publishedAt: expect.any(String), readAt: null });
    const read = await okData('POST', `/api/tzgg/staffNotice/read/${row.id}`, 'yuangong');
    expect((await remind('yuangong')).unreadStaffNotice).toBe(before);
    expect((await mine()).rows.find((r) => r.id === row.id)?.readAt).toBe(read.readAt);
    const reads = await okData('GET', `/api/tzgg/staffNotice/reads/${row.id}`, 'qiye') as { staffName: string; readAt: string | null; recordedBy: string | null }[];
    expect(reads.filter((r) => r.readAt).map((r) => r.recordedBy)).toEqual([null]);
    expect((await okData('GET', `/api/tzgg/staffNotice/info/${row.id}`, 'qiye')).readCount).toBe(1);
    expect((await call('GET', `/api/tzgg/staffNotice/info/${row.id}`, 'qiye2')).message).toBe(MSG.notFound);
  });
});
