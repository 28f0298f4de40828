/**
 * 我的考试 in the browser: the driver 王建国 (account yuangong, linked to his staff record — the product's drivers sign in
 * to the same back office with an account an enterprise manager links to their 一人一档) starts this year's exam,
 * answers, reloads mid-way (his answers are there, the clock goes on from the deadline fixed at the start), hands in
 * and sees his score.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, btn, login, newPage, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const seconds = (clock: string) => {
  const parts = clock.replace(/[^\d:]/g, '').split(':').map(Number);
  return parts.reduce((s, n) => s * 60 + n, 0);
};

/** types a date and time into a DatePicker with a time and commits it (its 确定, or Enter) until the field keeps it */
async function pickDateTime(page: Page, id: string, value: string) {
  const input = page.locator(`#${id}`);
  await expect.poll(async () => {
    await input.click();
    await input.fill(value);
    const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    if (await ok.isEnabled().catch(() => false)) await ok.click().catch(() => undefined);
    else await input.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
    return input.inputValue();
  }, { timeout: 30_000, interval: 300 }).toBe(value);
}

describe('考试管理', () => {
  it('新增 opens the exam editor; the 总分 adds up as typed, the bank bounds each count, the server\'s refusal sits on its field; 编辑 opens it with the values', async () => {
    const [bank] = await sql<{ subject: string; single: number; multi: number; judge: number }>(`select s.name as subject,
        count(*) filter (where q.type = '单选')::int as single, count(*) filter (where q.type = '多选')::int as multi, count(*) filter (where q.type = '判断')::int as judge
      from exam_question q join learning_subject s on s.id = q.subject_id join base_user u on u.enterprise_id = q.enterprise_id
      where u.username = 'qiye' group by s.name order by count(*) desc limit 1`);
    expect(bank!.judge).toBeGreaterThan(0);
    const title = `岗前安全考试${Date.now() % 100000}`;
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/learningManager/exemManager');
    await btn(page, '新增').first().click();
    await page.waitForURL(/\/learningManager\/exemManagerAdd$/);
    const editor = page.getByTestId('exam-edit');
    await page.locator('#exam_edit_title').fill(title);
    await pickOption(page, 'exam_edit_subjectId', bank!.subject);
    // the bank's questions of the subject, per type, beside the counts
    const plan = page.getByTestId('exam-plan');
    await expect.poll(() => plan.locator('tr', { hasText: '判断' }).innerText()).toContain(`${bank!.judge}道`);
    await expect.poll(() => plan.locator('tr', { hasText: '单选' }).innerText()).toContain(`${bank!.single}道`);
    // the end before the start: the server refuses, and says so on 结束时间
    await pickDateTime(page, 'exam_edit_startAt', '2030-06-01 09:00:00');
    await pickDateTime(page, 'exam_edit_endAt', '2030-05-01 09:00:00');
    await page.locator('#exam_edit_duration').fill('30');
    await page.locator('#exam_edit_passScore').fill('60');
    await page.locator('#exam_edit_maxAttempts').fill('2');
    for (const [f, v] of [['singleCount', '10'], ['singleScore', '5'], ['multiCount', '5'], ['multiScore', '6'], ['judgeScore', '4']] as const) {
      await page.locator(`#exam_edit_${f}`).fill(v);
    }
    // more 判断 than the bank holds: refused on the spot
    await page.locator('#exam_edit_judgeCount').fill(String(bank!.judge + 1));
    await expect.poll(() => plan.innerText()).toContain(`题库中该科目的判断题只有${bank!.judge}道`);
    await page.locator('#exam_edit_judgeCount').fill('5');
    await expect.poll(() => page.getByTestId('exam-total').innerText()).toBe('100分');
    await pickOption(page, 'exam_edit_candidatePosts', '驾驶员');
    await btn(editor, '保存').click();
    const endItem = page.locator('.ant-form-item', { has: page.locator('#exam_edit_endAt') });
    await expect.poll(() => endItem.locator('.ant-form-item-explain-error').innerText()).toBe('应晚于开始时间');
    await endItem.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'exam-edit-refused');
    await pickDateTime(page, 'exam_edit_endAt', '2030-06-30 18:00:00');
    await btn(editor, '保存').click();
    await expect.poll(() => toast(page, '创建成功').count()).toBeGreaterThan(0);
    await page.waitForURL(/\/learningManager\/exemManager$/);
    const [saved] = await sql<{ id: string; single_count: number; judge_score: number; candidate_posts: string[]; state: string }>(
      `select id, single_count, judge_score::float as judge_score, candidate_posts, state from exam where title = $1`, [title]);
    expect(saved).toMatchObject({ single_count: 10, judge_score: 4, candidate_posts: ['驾驶员'], state: '草稿' });
    const row = page.locator('.ant-table-row', { hasText: title });
    await expect.poll(() => row.count()).toBe(1);

    // 编辑 opens the editor at its route with the saved values
    await btn(row, '编辑').click();
    await page.waitForURL(new RegExp(`/learningManager/exemManagerEdit/${saved!.id}$`));
    await expect.poll(() => page.locator('#exam_edit_title').inputValue()).toBe(title);
    await expect.poll(() => page.locator('#exam_edit_singleCount').inputValue()).toBe('10');
    expect(await page.locator('#exam_edit_endAt').inputValue()).toBe('2030-06-30 18:00:00');
    expect(await page.locator('.ant-select', { has: page.locator('#exam_edit_subjectId') }).innerText()).toContain(bank!.subject);
    await expect.poll(() => page.getByTestId('exam-total').innerText()).toBe('100分');
    await shot(page, 'exam-edit');
  });
});

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
