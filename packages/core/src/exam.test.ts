import { describe, expect, it } from 'vitest';
import { attemptDeadline, clockText, drawPaper, normaliseGiven, normaliseKey, paperSeed, pointsOf, secondsLeft, totalScore } from './exam.ts';

describe('answer key', () => {
  const opts = ['甲', '乙', '丙', '丁'];
  it('stores letters in order and refuses what the question does not offer, naming the field', () => {
    expect(normaliseKey({ type: '多选', answer: 'c, a', options: opts })).toEqual({ key: 'AC' });
    expect(normaliseKey({ type: '单选', answer: 'b', options: opts })).toEqual({ key: 'B' });
    expect(normaliseKey({ type: '单选', answer: 'AB', options: opts })).toEqual({ refusal: '答案：单选题只能有一个答案' });
    expect(normaliseKey({ type: '多选', answer: 'A', options: opts })).toEqual({ refusal: '答案：多选题至少有两个答案' });
    expect(normaliseKey({ type: '单选', answer: 'E', options: opts })).toEqual({ refusal: '答案：选项E不存在' });
    expect(normaliseKey({ type: '单选', answer: 'A', options: ['甲'] })).toEqual({ refusal: '选项：请至少填写A、B两个选项' });
    expect(normaliseKey({ type: '单选', answer: '', options: opts })).toEqual({ refusal: '答案：请输入答案' });
  });
  it('takes 正确/错误 for a 判断', () => {
    expect(normaliseKey({ type: '判断', answer: '正确', options: [] })).toEqual({ key: 'A' });
    expect(normaliseKey({ type: '判断', answer: '错', options: [] })).toEqual({ key: 'B' });
    expect(normaliseKey({ type: '判断', answer: '也许', options: [] })).toEqual({ refusal: '答案：判断题的答案应为“正确”或“错误”' });
  });
});

describe('grading', () => {
  it('gives a question its whole score only for the exact key', () => {
    expect(normaliseGiven(['C', 'a'])).toBe('AC');
    expect(pointsOf('AC', normaliseGiven('CA'), 4)).toBe(4);
    expect(pointsOf('AC', 'A', 4)).toBe(0);
    expect(pointsOf('AC', 'ACD', 4)).toBe(0);
    expect(pointsOf('A', '', 2)).toBe(0);
    expect(totalScore({ single: { count: 20, score: 2 }, multi: { count: 10, score: 4 }, judge: { count: 10, score: 2 } })).toBe(100);
  });
});

describe('drawing a paper', () => {
  const pool = Array.from({ length: 30 }, (_, i) => ({ id: `q${String(i).padStart(2, '0')}`, type: i < 15 ? '单选' : i < 25 ? '多选' : '判断' }));
  const plan = { single: { count: 5, score: 2 }, multi: { count: 3, score: 4 }, judge: { count: 2, score: 1 } };
  it('is the same for the same seed whatever order the pool comes in, and differs between candidates', () => {
    const a = drawPaper(pool, plan, paperSeed('e1', '随机', 's1'));
    const again = drawPaper([...pool].reverse(), plan, paperSeed('e1', '随机', 's1'));
    const other = drawPaper(pool, plan, paperSeed('e1', '随机', 's2'));
    expect(a).toEqual(again);
    expect(a).not.toEqual(other);
    if (!('ids' in a)) throw new Error('no paper');
    expect(a.ids).toHaveLength(10);
    expect(new Set(a.ids).size).toBe(10);
    expect(a.ids.slice(0, 5).every((id) => pool.find((q) => q.id === id)!.type === '单选')).toBe(true);
    expect(a.ids.slice(8).every((id) => pool.find((q) => q.id === id)!.type === '判断')).toBe(true);
    expect(drawPaper(pool, plan, paperSeed('e1', '固定', 's1'))).toEqual(drawPaper(pool, plan, paperSeed('e1', '固定', 's2')));
  });
  it('refuses a plan the pool cannot fill', () => {
    expect(drawPaper(pool, { ...plan, judge: { count: 6, score: 1 } }, 'x')).toEqual({ refusal: '判断题数量：题库中该科目的判断题只有5道，不足6道' });
  });
});

describe('the clock', () => {
  it('ends at the duration or the exam end, whichever is first, and never counts below zero', () => {
    const start = new Date('2026-11-27T10:00:00Z');
    expect(attemptDeadline(start, 60, new Date('2026-11-27T18:00:00Z')).toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(attemptDeadline(start, 60, new Date('2026-11-27T10:30:00Z')).toISOString()).toBe('2026-11-27T10:30:00.000Z');
    expect(secondsLeft(new Date('2026-11-27T11:00:00Z'), new Date('2026-11-27T10:58:30.5Z'))).toBe(89);
    expect(secondsLeft(start, new Date('2026-11-27T11:00:00Z'))).toBe(0);
    expect(clockText(89)).toBe('01:29');
    expect(clockText(3725)).toBe('1:02:05');
  });
});
