/** How a statistic's range is split between the year, month and day rollups. */
import { expect, it } from 'vitest';
import { rangeParts } from '../../src/modules/stats/filters.ts';
it('splits a range into the calendar years it covers as far as today, whole months and the days of partial months', () => {
  expect(rangeParts('2026-01-01', '2026-11-25', '2026-11-25')).toEqual({ years: ['2026-01-01'], months: [], days: [] });
  expect(rangeParts('2025-11-26', '2026-11-25', '2026-11-25')).toEqual({ years: ['2026-01-01'], months: ['2025-12-01'], days: [['2025-11-26', '2025-11-30']] });
  expect(rangeParts('2025-01-01', '2025-12-31', '2026-11-25')).toEqual({ years: ['2025-01-01'], months: [], days: [] });
  expect(rangeParts('2026-03-05', '2026-03-20', '2026-11-25')).toEqual({ years: [], months: [], days: [['2026-03-05', '2026-03-20']] });
  expect(rangeParts('2025-06-01', '2026-02-10', '2026-11-25')).toEqual({ years: [], months: ['2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01'], days: [['2026-02-01', '2026-02-10']] });
});
