/** How a statistic's range is split between the year, month and day rollups. */
import { expect, it } from 'vitest';
import { rangeParts, runningTerms } from '../../src/modules/stats/filters.ts';
import { addDays } from '@dg/core/warnings';
it('splits a range into the calendar years it covers as far as today, whole months and the days of partial months', () => {
  expect(rangeParts('2026-01-01', '2026-11-25', '2026-11-25')).toEqual({ years: ['2026-01-01'], months: [], days: [] });
  expect(rangeParts('2025-11-26', '2026-11-25', '2026-11-25')).toEqual({ years: ['2026-01-01'], months: ['2025-12-01'], days: [['2025-11-26', '2025-11-30']] });
  expect(rangeParts('2025-01-01', '2025-12-31', '2026-11-25')).toEqual({ years: ['2025-01-01'], months: [], days: [] });
  expect(rangeParts('2026-03-05', '2026-03-20', '2026-11-25')).toEqual({ years: [], months: [], days: [['2026-03-05', '2026-03-20']] });
  expect(rangeParts('2025-06-01', '2026-02-10', '2026-11-25')).toEqual({ years: [], months: ['2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01'], days: [['2026-02-01', '2026-02-10']] });
});

it('sums any range from at most five running-total rows, equal to the sum of its days', () => {
  // a model of the running totals: a value on some days of three years; mtd(d) = the month so far, ytd(m) = the year so far
  const days: string[] = [];
  for (let d = '2024-01-01'; d <= '2026-12-31'; d = addDays(d, 1)) days.push(d);
  let seed = 7;
  const value = new Map(days.map((d) => [d, (seed = (seed * 48271) % 2147483647) % 5 === 0 ? seed % 9 : 0]));
  const mtd = (d: string) => days.filter((x) => x.slice(0, 7) === d.slice(0, 7) && x <= d).reduce((s, x) => s + value.get(x)!, 0);
  const ytd = (m: string) => days.filter((x) => x.slice(0, 4) === m.slice(0, 4) && x.slice(0, 7) <= m.slice(0, 7)).reduce((s, x) => s + value.get(x)!, 0);
  const ranges = [['2025-11-25', '2026-11-24'], ['2026-01-01', '2026-11-25'], ['2025-11-01', '2026-11-30'], ['2026-03-05', '2026-03-20'], ['2024-02-29', '2026-12-31'],
    ['2025-01-01', '2025-01-01'], ['2025-12-31', '2026-01-01'], ['2024-06-01', '2025-06-30'], ['2026-02-01', '2026-02-28']];
  for (const [from, to] of ranges) {
    const terms = runningTerms(from!, to!);
    expect(terms.length).toBeLessThanOrEqual(5);
    const sum = terms.reduce((s, t) => s + t.sign * (t.table === 'mtd' ? mtd(t.date) : ytd(t.date)), 0);
    expect([from, to, sum]).toEqual([from, to, days.filter((d) => d >= from! && d <= to!).reduce((s, d) => s + value.get(d)!, 0)]);
  }
  // whole months read the month totals only
  expect(runningTerms('2025-11-01', '2026-11-30').every((t) => t.table === 'ytd')).toBe(true);
});
