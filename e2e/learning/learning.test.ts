/**
 * 在线学习 in the browser: the driver 张… (account yuangong, a staff record of enterprise A) opens 我的课程, starts a chapter
 * video, watches part of it, reloads — the page resumes where he stopped and shows what was counted — watches on, and
 * sees the credited 学时 on the chapter and in 我的课程; the PDF chapter opens in the browser. The counted seconds are the
 * server's (learning_progress), never more than the time that passed.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const COURSE = '危险货物道路运输安全基础';
const CHAPTER = '第二章 途中安全驾驶';

const video = (page: Page) => page.locator('[data-testid="chapter-video"]');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
/** plays (muted: a page may start sound only after a gesture) until the playhead passes `to`, then pauses */
async function playUntil(page: Page, to: number) {
  await video(page).evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
  await expect.poll(() => currentTime(page), { timeout: 60_000 }).toBeGreaterThan(to);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
}
const watched = async () => {
  const [r] = await sql<{ w: number }>(`select coalesce(sum(p.watched_seconds), 0)::int as w from learning_progress p join learning_chapter c on c.id = p.chapter_id
    join base_user u on u.staff_id = p.staff_id where u.username = 'yuangong' and c.title = $1`, [CHAPTER]);
  return r!.w;
};

describe('在线学习', () => {
  it('a driver watches part of a chapter, reloads, continues and sees the hours', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'yuangong');
    await page.goto(baseUrl() + '/learningManager/mySubjectManager');
    const card = page.locator(`[data-testid="course-${COURSE}"]`);
    await card.getByRole('button', { name: '章节' }).click();
    const item = page.locator(`[data-testid="chapter-${CHAPTER}"]`);
    await item.getByRole('button', { name: /学\s*习/ }).click();
    await expect.poll(() => page.url()).toMatch(/\/learningvideo\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await video(page).waitFor();
    const before = await watched();
    expect(before).toBe(0);

    await playUntil(page, 5);
    const progress = page.locator('[data-testid="chapter-progress"]');
    await expect.poll(() => watched(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => progress.textContent()).toMatch(/已学 0分0[4-9]秒/);
    const first = await watched();
    expect(first).toBeLessThanOrEqual(7);

    // a reload: the counted seconds stay, and the video resumes where it stopped
    await page.reload();
    await video(page).waitFor();
    await expect.poll(() => progress.textContent()).toContain(`已学 0分${String(first).padStart(2, '0')}秒`);
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(first - 1);
    // on to the end (the end reports at once)
    await video(page).evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => watched(), { timeout: 30_000 }).toBeGreaterThanOrEqual(14);
    await expect.poll(() => progress.textContent()).toContain('已学完');
    await shot(page, 'learning-video');

    // 我的课程: the chapter and the course show what was credited (the chapter's 20 minutes, in proportion)
    await page.goto(baseUrl() + '/learningManager/mySubjectManager');
    await card.getByRole('button', { name: '章节' }).click();
    const [{ credited }] = await sql<{ credited: string }>(`select (floor(least(1, p.watched_seconds::numeric / c.duration_seconds) * c.minutes * 10) / 10)::text as credited
      from learning_progress p join learning_chapter c on c.id = p.chapter_id join base_user u on u.staff_id = p.staff_id
      where u.username = 'yuangong' and c.title = $1`, [CHAPTER]);
    await expect.poll(() => item.textContent()).toContain(`已计 ${Number(credited)} 分钟`);
    await expect.poll(() => item.textContent()).toContain('已学完');
    await expect.poll(() => page.locator('[data-testid="my-hours"]').textContent()).toMatch(/年度已获学时：\d+(\.\d)? 小时/);
    // the loading course he never opened credits nothing
    await expect.poll(() => page.locator('[data-testid="course-装卸作业安全规程"]').textContent()).toContain('已学完 0 章 · 已计 0 分钟');
    await shot(page, 'learning-my-courses');

    // the PDF chapter opens in the browser's viewer
    await page.locator('[data-testid="chapter-第三章 安全须知（阅读）"]').getByRole('button', { name: /学\s*习/ }).click();
    const frame = page.locator('[data-testid="chapter-document"]');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    const res = await page.request.get(baseUrl() + src!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    await shot(page, 'learning-document');
    await page.close();
  });
});
