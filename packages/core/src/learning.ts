/**
 * The watched-time rule of 在线学习 (docs/learning.md): what a person has studied of a chapter is a set of intervals of
 * the chapter's own time (a video's seconds; a document's reading seconds), each second counted once however often it is
 * played. A report from the player adds the seconds it names that are not yet counted — in media order, and no more of
 * them than the wall-clock seconds since that person's previous report (the server's `allowance`): skipping ahead
 * reports nothing, two tabs share one clock, a client claiming more than the time that passed gains at most that time.
 */

/** [from, to) in whole seconds of the chapter, from < to */
export type Interval = [number, number];

/** what 参数设置 holds as the yearly requirement, in hours; the default where it is not set */
export const LEARNING_HOURS_PARAM = 'learningYearHours';
export const DEFAULT_LEARNING_YEAR_HOURS = 24;
/** the most one report may add, however long ago the previous one was: the player reports every few seconds */
export const REPORT_WINDOW_SECONDS = 60;
/** how often the player reports while it plays */
export const REPORT_EVERY_SECONDS = 10;

/**
 * sorted, non-overlapping, adjacent ones joined; pieces outside [0, duration) dropped; ends rounded to the nearest whole
 * second, so that one stretch of playback reported in pieces (…–13.4, 13.4–…) loses no second at the seams
 */
export function normalizeIntervals(list: readonly (readonly [number, number])[], duration: number): Interval[] {
  const clean = list
    .map(([a, b]) => [Math.max(0, Math.round(a)), Math.min(duration, Math.round(b))] as Interval)
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of clean) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export const totalSeconds = (list: readonly Interval[]) => list.reduce((n, [a, b]) => n + (b - a), 0);

/** the parts of `add` not covered by `have` (both normalised), in order */
function uncovered(have: readonly Interval[], add: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [a0, b] of add) {
    let a = a0;
    for (const [x, y] of have) {
      if (y <= a || x >= b) continue;
      if (x > a) out.push([a, x]);
      a = Math.max(a, y);
      if (a >= b) break;
    }
    if (a < b) out.push([a, b]);
  }
  return out;
}

/**
 * Adds a report to what is counted: the reported intervals' new seconds, at most `allowance` of them (the earliest in
 * the chapter first). Returns the new set and how many seconds were added.
 */
export function addWatched(have: readonly Interval[], reported: readonly (readonly [number, number])[], duration: number, allowance: number):
  { intervals: Interval[]; added: number } {
  let left = Math.max(0, Math.floor(allowance));
  const fresh: Interval[] = [];
  for (const [a, b] of uncovered(normalizeIntervals(have, duration), normalizeIntervals(reported, duration))) {
    if (left <= 0) break;
    const take = Math.min(b - a, left);
    fresh.push([a, a + take]);
    left -= take;
  }
  const added = totalSeconds(fresh);
  return { intervals: normalizeIntervals([...have, ...fresh], duration), added };
}

/** the minutes of 学时 a chapter credits for `watched` of its `duration` seconds: its 学时 in proportion, to one decimal */
export function creditedMinutes(watched: number, duration: number, chapterMinutes: number): number {
  if (!(duration > 0)) return 0;
  const share = Math.min(1, watched / duration);
  return Math.floor(share * chapterMinutes * 10 + 1e-9) / 10;
}

/** a chapter counts as 已学完 from this share of its time on (the last seconds of a video are often credits) */
export const COMPLETE_SHARE = 0.95;
export const chapterDone = (watched: number, duration: number) => duration > 0 && watched >= Math.floor(duration * COMPLETE_SHARE);

/** 学时 shown in hours with one decimal */
export const hoursOf = (minutes: number) => Math.floor((minutes / 60) * 10 + 1e-9) / 10;
