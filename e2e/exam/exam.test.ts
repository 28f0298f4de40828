/**
 * 我的考试 in the browser: the driver 王建国 (account yuangong, linked to his staff record — the product's drivers sign in
 * to the same back office with an account an enterprise manager links to their 一人一档) starts this year's exam,
 * answers, reloads mid-way (his answers are there, the clock goes on from the deadline fixed at the start), hands in
 * and sees his score.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const seconds = (clock: string) => {
  const parts = clock.replace(/[^\d:]/g, '').split(':').map(Number);
  return parts.reduce((s, n) => s * 60 + n, 0);
};

describe('我的考试', () => {
  it('a driver takes an exam, reloads mid-way without losing answers or time, hands in and sees the score', async () => {
    const [exam] = await sql<{ id: string; title: string }>(`select e.id, e.title from exam e join base_user u on u.enterprise_id = e.enterprise_id
      where u.username = 'yuangong' and e.state = '已发布' order by e.start_at desc limit 1`);
    expect(exam).toBeDefined();
    const page = await newPage(ctx.browser);
    await login(page, 'yuangong');
    await page.goto(baseUrl() + '/learningManager/myExemManager');
    const row = page.getByTestId('my-exams').locator('tr', { hasText: exam!.title });
    await btn(row, '开始考试').click();
    await page.waitForURL(/\/mytestpaperinfo1\//);
    const attemptId = page.url().split('/').pop()!;
    const clock = page.getByTestId('exam-clock');
    await expect.poll(async () => seconds(await clock.innerText())).toBeGreaterThan(59 * 60 - 60);

    // the first two questions answered: each is saved as it is chosen
    await page.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first().click();
    await btn(page, '下一题').click();
    await page.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').nth(1).click();
    await expect.poll(async () => (await sql('select count(*)::int as n from exam_answer where attempt_id = $1', [attemptId]))[0].n).toBe(2);
    await expect.poll(() => page.getByTestId('exam-saved').innerText()).toBe('答案已保存');

    // ten minutes pass (the deadline fixed at the start is moved back instead of waiting); a reload keeps both
    await sql(`update exam_attempt set deadline_at = deadline_at - interval '10 minutes' where id = $1`, [attemptId]);
    await page.reload();
    await expect.poll(() => page.getByTestId('exam-navigator').locator('[data-answered="1"]').count()).toBe(2);
    const left = seconds(await clock.innerText());
    expect(left).toBeLessThanOrEqual(50 * 60);
    expect(left).toBeGreaterThan(48 * 60);
    await shot(page, 'exam-taking');

    // a third answer, then 交卷 (the rest unanswered)
    await page.getByTestId('exam-navigator').locator('button', { hasText: /^3$/ }).click();
    await page.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first().click();
    await expect.poll(async () => (await sql('select count(*)::int as n from exam_answer where attempt_id = $1', [attemptId]))[0].n).toBe(3);
    await btn(page, '交卷').first().click();
    await btn(page.locator('.ant-popconfirm'), '交卷').click();
    await page.waitForURL(/\/learningManager\/mytestpaperinfo\//);
    const [graded] = await sql<{ score: number; state: string }>('select score::float as score, state from exam_attempt where id = $1', [attemptId]);
    expect(graded!.state).toBe('已交卷');
    const result = page.getByTestId('exam-result');
    await expect.poll(() => result.innerText()).toMatch(new RegExp(`得分\\s*${graded!.score} / 100`));
    await expect.poll(() => page.locator('text=解析：').count()).toBeGreaterThan(0);
    await shot(page, 'exam-result');

    // 考试记录 lists the attempt with its score
    await page.goto(baseUrl() + `/learningManager/myExemManagerinfo/${exam!.id}`);
    await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain(String(graded!.score));
  });

  it("the manager opens an ended exam's 成绩 and a candidate's graded paper", async () => {
    const [row] = await sql<{ title: string; staff_name: string; score: number }>(`select e.title, a.staff_name, a.score::float as score from exam e
      join exam_attempt a on a.exam_id = e.id join base_user u on u.enterprise_id = e.enterprise_id
      where u.username = 'qiye' and e.state = '已结束' order by a.score desc limit 1`);
    expect(row).toBeDefined();
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/learningManager/exemManager');
    await btn(page.locator('tr', { hasText: row!.title }), '成绩').click();
    const dialog = page.locator('.ant-modal', { hasText: '考试成绩' });
    const line = dialog.locator('tr', { hasText: row!.staff_name });
    await expect.poll(() => line.innerText()).toContain(String(row!.score));
    await btn(line, '详情').click();
    await page.waitForURL(/\/learningManager\/mytestpaperinfo\/.*by=exam/);
    await expect.poll(() => page.getByTestId('exam-result').innerText()).toMatch(new RegExp(`得分\\s*${row!.score} / 100`));
    await shot(page, 'exam-manager-paper');
  });
});
