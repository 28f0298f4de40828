/**
 * The lists of 到期预警, 信息看板, 企业车辆审核 and 站内消息 read their pages through the one planner (platform/paged.ts):
 * a page past the counted rows is refused as every list refuses it, a page too large is cut to the one cap, and what a
 * list counts beside its total (收件箱's unread, 企业车辆审核's tabs) comes with the total.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { COUNT_CAP } from '../src/platform/paged.ts';
import { MAX_PAGE_SIZE } from '../src/platform/schemas.ts';
import { testApp, uid, type DemoUser, type TestApp } from './helpers.ts';
import { caller } from './danger/fixtures.ts';

let t: TestApp;
const { call, okData } = caller(() => t);
beforeAll(async () => { t = await testApp(); });

const LISTS: [DemoUser, string][] = [
  ['qiye', '/api/warning/vehicleTransport/list'],
  ['qiye', '/api/warning/all/list'],
  ['zhengfu', '/api/warning/cldlysDue/list'],
  ['zhengfu', '/api/warning/cldlysDue/enterprises'],
  ['zhengfu', '/api/zyd/board/dynamic/list'],
  ['zhengfu', '/api/zyd/board/static/enterprises'],
  ['zhengfu', '/api/zyd/board/static/documents'],
  ['zhengfu', '/api/audit/pending/list'],
  ['qiye', '/api/znxx/message/inbox'],
  ['shiji', '/api/znxx/message/sent'],
];

describe('the hand-drawn lists on the paged planner', () => {
  it('refuse a page past the counted rows, and answer the last page before it', async () => {
    const size = 10;
    const last = COUNT_CAP / size;
    for (const [as, url] of LISTS) {
      expect((await call('POST', url, as, { page: last + 1, size })).message, url).toBe('页码过大，请缩小查询范围');
      const page = await okData('POST', url, as, { page: last, size });
      expect(page, url).toMatchObject({ content: expect.any(Array), total: expect.any(Number), totalCapped: expect.any(Boolean) });
    }
  });

  it('refuse a page larger than the one cap', async () => {
    for (const [as, url] of LISTS) {
      expect((await call('POST', url, as, { page: 1, size: MAX_PAGE_SIZE + 1 })).message, url).toBe(`每页条数不能超过${MAX_PAGE_SIZE}`);
    }
  });

  it('收件箱 counts its unread with its total', async () => {
    const subject = uid('分页');
    const [a] = await t.sql(`select e.id, e.name from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
    await okData('POST', '/api/znxx/message/send', 'shiji', { subject, content: '分页计数', enterpriseIds: [a.id], recipientsText: a.name });
    const box = await okData('POST', '/api/znxx/message/inbox', 'qiye', { q: subject });
    expect(box).toMatchObject({ total: 1, unread: 1 });
    await okData('GET', `/api/znxx/message/info/${box.content[0].id}`, 'qiye');
    expect(await okData('POST', '/api/znxx/message/inbox', 'qiye', { q: subject })).toMatchObject({ total: 1, unread: 0 });
  });
});
