/**
 * 在线学习 over the API: a chapter's file decides its kind and length (read from the video, not the player); watched time
 * counts each second once and no more seconds than the wall clock gave since the person's previous report (a skip, two
 * tabs, an inflated report, a report without a start); the chapter's video is served in byte ranges; another
 * enterprise's staff, chapters and 学时 are out of reach, and a person sees only their own 学时记录.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { caller } from '../danger/fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { multipart } from '../security/upload-fixtures.ts';
import { hashPassword } from '../../src/platform/crud/write.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData } = caller(() => t);
const Z = '/api/zxxx';
const MEDIA = path.join(import.meta.dirname, '../../src/modules/learning/demo-media');
const video = readFileSync(path.join(MEDIA, 'chapter-1.webm'));
let chapterId = '';
let courseId = '';

async function upload(name: string, data: Buffer, type: string) {
  const { payload, contentType } = multipart([{ name: 'file', filename: name, type, data }]);
  const r = await t.app.inject({ method: 'POST', url: `${Z}/file/add?bizType=courseChapter`, payload, headers: { authorization: await t.token('qiye'), 'content-type': contentType } });
  const body = r.json();
  expect(body.status, JSON.stringify(body)).toBe(200);
  return body.data as { id: string; name: string };
}

/** a driver of enterprise A with an account of their own (role 企业从业人员) */
async function person() {
  const name = '学员甲';
  const [s] = await t.sql(`insert into staff (enterprise_id, name, sex, id_card, mobile, post, status) values ($1, $2, '1', $3, '13900000000', '驾驶员', '在职') returning id`,
    [E.a.id, name, uid().slice(0, 10) + '12345678']);
  const username = uid('xy');
  const [u] = await t.sql(`insert into base_user (name, username, password, mobile, side, enterprise_id, staff_id, status) values ($1, $2, $3, '13900000000', 'enterprise', $4, $5, '1') returning id`,
    [name, username, await hashPassword('xueyuan123'), E.a.id, s.id]);
  await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseStaff'`, [u.id]);
  const login = await t.login(username, 'xueyuan123');
  expect(login.status).toBe(200);
  return { staffId: s.id as string, token: login.data };
}
const as = (token: string, method: string, url: string, body?: unknown) => t.call(method, url, { token, body }).then((r) => r.body);
/** the person's previous report (or start) was `seconds` ago */
const ago = (staffId: string, seconds: number) => t.sql(`update learning_viewer set last_report_at = now() - make_interval(secs => $2) where staff_id = $1`, [staffId, seconds]);
const report = async (token: string, intervals: number[][], position = 0) => {
  const r = await as(token, 'POST', `${Z}/learning/report`, { chapterId, intervals, position });
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.data as { added: number; watchedSeconds: number; intervals: number[][]; durationSeconds: number; creditedMinutes: number; done: boolean };
};

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  const subject = await okData('POST', `${Z}/subject/add`, 'qiye', { name: uid('科目'), posts: ['驾驶员', '押运员'] });
  const course = await okData('POST', `${Z}/course/add`, 'qiye', { name: uid('课程'), subjectId: subject.id });
  courseId = course.id;
  const file = await upload('出车前检查.webm', video, 'video/webm');
  const chapter = await okData('POST', `${Z}/courseChapter/add`, 'qiye', { courseId, title: '出车前检查', orderNum: 1, file: [file], minutes: 10 });
  chapterId = chapter.id;
});

describe('章节', () => {
  it('takes its kind and length from the uploaded file; the course counts its chapters and 学时', async () => {
    const c = await okData('GET', `${Z}/courseChapter/info/${chapterId}`, 'qiye');
    expect(c).toMatchObject({ kind: '视频', durationSeconds: 20, minutes: 10 });
    const pdf = await upload('须知.pdf', readFileSync(path.join(MEDIA, 'handbook-1.pdf')), 'application/pdf');
    const doc = await okData('POST', `${Z}/courseChapter/add`, 'qiye', { courseId, title: '须知', orderNum: 2, file: [pdf], minutes: 5 });
    expect(doc).toMatchObject({ kind: '文档', durationSeconds: 300 });
    expect(await okData('GET', `${Z}/course/info/${courseId}`, 'qiye')).toMatchObject({ chapterCount: 2, totalMinutes: 15 });
    await okData('DELETE', `${Z}/courseChapter/del/${doc.id}`, 'qiye');
    expect(await okData('GET', `${Z}/course/info/${courseId}`, 'qiye')).toMatchObject({ chapterCount: 1, totalMinutes: 10 });
  });
  it('refuses a file that is neither a video nor a PDF, naming the field', async () => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.txt', type: 'text/plain', data: 'x' }]);
    const f = (await t.app.inject({ method: 'POST', url: `${Z}/file/add?bizType=courseChapter`, payload, headers: { authorization: await t.token('qiye'), 'content-type': contentType } })).json().data;
    const r = await call('POST', `${Z}/courseChapter/add`, 'qiye', { courseId, title: '文本', orderNum: 3, file: [f], minutes: 5 });
    expect(r).toMatchObject({ status: 40001, message: '视频或文档：请上传MP4、WebM视频或PDF文档' });
  });
});

describe('watched time', () => {
  it('a skip ahead adds only what was played after it', async () => {
    const p = await person();
    expect((await as(p.token, 'POST', `${Z}/learning/start`, { chapterId })).data).toMatchObject({ linked: true, watchedSeconds: 0 });
    await ago(p.staffId, 30);
    expect(await report(p.token, [[0, 10]], 10)).toMatchObject({ added: 10, watchedSeconds: 10 });
    await ago(p.staffId, 30);
    // jumped from 10 to 15 and played 5 seconds: the five skipped are not counted
    const r = await report(p.token, [[15, 20]], 20);
    expect(r).toMatchObject({ added: 5, watchedSeconds: 15, intervals: [[0, 10], [15, 20]], done: false });
    await ago(p.staffId, 30);
    expect((await report(p.token, [[0, 10]], 10)).added).toBe(0);
  });

  it('an inflated report adds at most the time that passed, and a report with no start nothing', async () => {
    const p = await person();
    expect((await report(p.token, [[0, 20]], 20)).added).toBe(0);
    await as(p.token, 'POST', `${Z}/learning/start`, { chapterId });
    await ago(p.staffId, 4);
    const r = await report(p.token, [[0, 20]], 20);
    expect(r.added).toBeGreaterThanOrEqual(4);
    expect(r.added).toBeLessThanOrEqual(5);
    expect(r.intervals).toEqual([[0, r.added]]);
  });

  it('two tabs at once share one clock', async () => {
    const p = await person();
    await as(p.token, 'POST', `${Z}/learning/start`, { chapterId });
    await ago(p.staffId, 6);
    const [a, b] = await Promise.all([report(p.token, [[0, 6]], 6), report(p.token, [[10, 16]], 16)]);
    expect(a.added + b.added).toBeGreaterThanOrEqual(6);
    expect(a.added + b.added).toBeLessThanOrEqual(7);
    const course = (await as(p.token, 'GET', `${Z}/learning/course/${courseId}`)).data;
    expect(course.chapters[0].watchedSeconds).toBe(a.added + b.added);
  });

  it('progress survives: the course, 我的课程 and 学时记录 show what was credited', async () => {
    const p = await person();
    await as(p.token, 'POST', `${Z}/learning/start`, { chapterId });
    await ago(p.staffId, 40);
    expect(await report(p.token, [[0, 20]], 20)).toMatchObject({ added: 20, done: true, creditedMinutes: 10 });
    const again = (await as(p.token, 'POST', `${Z}/learning/start`, { chapterId })).data;
    expect(again).toMatchObject({ watchedSeconds: 20, lastPosition: 20, intervals: [[0, 20]] });
    const my = (await as(p.token, 'GET', `${Z}/learning/my`)).data;
    expect(my.courses.find((k: { id: string }) => k.id === courseId)).toMatchObject({ creditedMinutes: 10, doneChapters: 1 });
    // the courses this person never opened credit nothing
    const others = my.courses.filter((k: { id: string }) => k.id !== courseId);
    expect(others.length).toBeGreaterThan(0);
    for (const k of others) expect(k).toMatchObject({ creditedMinutes: 0, doneChapters: 0 });
    expect(my.creditedMinutes).toBe(10);
    const mine = (await as(p.token, 'POST', `${Z}/learningRecord/list`, { page: 1, size: 50 })).data;
    // the person sees their own row only
    expect(mine.content.map((r: { staffId: string }) => r.staffId)).toEqual([p.staffId]);
    expect(mine.content[0]).toMatchObject({ chaptersDone: 1, reached: false });
    expect(Number(mine.content[0].studiedHours)).toBe(0.1);
    // the manager sees everyone of the enterprise, the person among them
    const all = await okData('POST', `${Z}/learningRecord/list`, 'qiye', { page: 1, size: 5, filters: { staffId: p.staffId } });
    expect(all.content).toHaveLength(1);
  });
});

describe('the chapter’s media', () => {
  const get = async (range?: string, who: 'qiye' | 'qiye2' = 'qiye') => t.app.inject({ method: 'GET', url: `${Z}/learning/media/${chapterId}`,
    headers: { authorization: await t.token(who), ...(range ? { range } : {}) } });
  it('is served whole, or in the range asked for (206), and a range past the end is 416', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const head = await get('bytes=0-99');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${video.length}`);
    expect(head.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    // a seek: from a point to the end
    const from = video.length - 5000;
    const seek = await get(`bytes=${from}-`);
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes ${from}-${video.length - 1}/${video.length}`);
    expect(seek.rawPayload.equals(video.subarray(from))).toBe(true);
    const bad = await get(`bytes=${video.length + 10}-`);
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${video.length}`);
  });
  it('is out of another enterprise’s reach', async () => {
    const r = await get('bytes=0-99', 'qiye2');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 40001 });
  });
});

describe('scope', () => {
  it('another enterprise sees neither the course nor enterprise A’s staff 学时', async () => {
    expect(await call('GET', `${Z}/learning/course/${courseId}`, 'qiye2')).toMatchObject({ status: 40001 });
    expect(await call('POST', `${Z}/learning/start`, 'qiye2', { chapterId })).toMatchObject({ status: 40001 });
    const [s] = await t.sql(`select id from staff where enterprise_id = $1 and status = '在职' order by created_at limit 1`, [E.a.id]);
    const list = await okData('POST', `${Z}/learningRecord/list`, 'qiye2', { page: 1, size: 5, filters: { staffId: s.id } });
    expect(list.content).toHaveLength(0);
    const own = await okData('POST', `${Z}/learningRecord/list`, 'qiye2', { page: 1, size: 500 });
    expect(own.content.length).toBeGreaterThan(0);
    const [{ n }] = await t.sql(`select count(*)::int as n from v_learning_record where enterprise_id = $1`, [E.b.id]);
    expect(own.total).toBe(n);
    const exported = await t.app.inject({ method: 'POST', url: `${Z}/learningRecord/export`, payload: { filters: {} }, headers: { authorization: await t.token('qiye2') } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/spreadsheet/);
  });
  it('a manager without a staff record cannot report', async () => {
    expect(await call('POST', `${Z}/learning/report`, 'qiye', { chapterId, intervals: [[0, 5]], position: 5 }))
      .toMatchObject({ status: 40001, message: '当前账户未关联从业人员，学习进度不计入学时' });
    expect(await call('POST', `${Z}/learning/report`, 'qiye', { chapterId, intervals: 'x', position: 5 })).toMatchObject({ status: 40001, message: '观看区间：格式不正确' });
  });
});
