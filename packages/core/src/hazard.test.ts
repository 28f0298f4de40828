import { describe, expect, it } from 'vitest';
import { HAZARD_COMPLETED_STATES, HAZARD_RECTIFYING_STATES, MAJOR_HAZARD_ITEMS, isHazardOverdue } from './hazard-rules.ts';
import { HAZARD_OPEN_STATES, HAZARD_STATES } from './resources/danger.ts';

const TODAY = '2025-06-15';
const add = (date: string, n: number) => new Date(Date.parse(date + 'T00:00:00Z') + n * 86400_000).toISOString().slice(0, 10);

describe('逾期 of a hazard: completed after its deadline, or not completed after it', () => {
  const deadline = '2025-06-10';

  it('completion on the deadline day is on time; the day after is late', () => {
    expect(isHazardOverdue({ state: '待验收', deadline, completedDate: deadline }, TODAY)).toBe(false);
    expect(isHazardOverdue({ state: '待验收', deadline, completedDate: add(deadline, 1) }, TODAY)).toBe(true);
  });

  it('an open hazard whose deadline is today is not overdue; yesterday it is', () => {
    for (const state of HAZARD_RECTIFYING_STATES) {
      expect(isHazardOverdue({ state, deadline: TODAY }, TODAY), state).toBe(false);
      expect(isHazardOverdue({ state, deadline: add(TODAY, -1) }, TODAY), state).toBe(true);
    }
  });

  it('completed on time and waiting for 复核 a month later is not overdue', () => {
    const h = { state: '待复核', deadline, completedDate: add(deadline, -2) };
    expect(isHazardOverdue(h, add(deadline, 30))).toBe(false);
    expect(isHazardOverdue({ ...h, state: '待验收' }, add(deadline, 30))).toBe(false);
  });

  it('a late completion stays overdue once closed; an on-time one never is', () => {
    expect(isHazardOverdue({ state: '已销号', deadline, completedDate: add(deadline, 3) }, TODAY)).toBe(true);
    expect(isHazardOverdue({ state: '已销号', deadline, completedDate: add(deadline, -3) }, add(TODAY, 400))).toBe(false);
  });

  it('sent back (退回) to 整改中 it is no longer completed: a date recorded before does not count', () => {
    expect(isHazardOverdue({ state: '整改中', deadline, completedDate: add(deadline, -1) }, TODAY)).toBe(true);
    expect(isHazardOverdue({ state: '整改中', deadline: TODAY, completedDate: add(TODAY, -1) }, TODAY)).toBe(false);
  });

  it('a draft, a missing deadline or an unknown state is never overdue', () => {
    expect(isHazardOverdue({ state: '草稿', deadline: add(TODAY, -30) }, TODAY)).toBe(false);
    expect(isHazardOverdue({ state: '待整改', deadline: null }, TODAY)).toBe(false);
    expect(isHazardOverdue({ state: '待整改' }, TODAY)).toBe(false);
    expect(isHazardOverdue({ state: '作废', deadline: add(TODAY, -30) }, TODAY)).toBe(false);
    // a completed state without its date is not judged late (the finish step always records one)
    expect(isHazardOverdue({ state: '待验收', deadline: add(TODAY, -30), completedDate: null }, TODAY)).toBe(false);
  });

  it('every state but 草稿 is either rectifying or completed; the open states are the rectifying ones and those awaiting 验收 / 复核', () => {
    expect([...HAZARD_RECTIFYING_STATES, ...HAZARD_COMPLETED_STATES, '草稿'].sort()).toEqual([...HAZARD_STATES].sort());
    expect(HAZARD_OPEN_STATES.every((s) => HAZARD_RECTIFYING_STATES.includes(s) || s === '待验收' || s === '待复核')).toBe(true);
  });
});

describe('the 重大事故隐患判定标准 items', () => {
  it('have distinct codes that fit a dictionary value and names that fit its name', () => {
    const values = MAJOR_HAZARD_ITEMS.map((i) => i.value);
    expect(new Set(values).size).toBe(values.length);
    expect(MAJOR_HAZARD_ITEMS.length).toBeGreaterThanOrEqual(8);
    for (const i of MAJOR_HAZARD_ITEMS) {
      expect(i.value).toMatch(/^[A-Za-z]{1,64}$/);
      expect([...i.name].length).toBeLessThanOrEqual(100);
    }
  });
});
