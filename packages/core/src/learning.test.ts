import { describe, it, expect } from 'vitest';
import { addWatched, normalizeIntervals, creditedMinutes, chapterDone, totalSeconds } from './learning.ts';

describe('watched time', () => {
  it('joins overlapping and adjacent intervals, clamps to the chapter and rounds to whole seconds', () => {
    expect(normalizeIntervals([[10, 20], [0, 5], [5, 8], [15, 30.9], [100, 200]], 120)).toEqual([[0, 8], [10, 31], [100, 120]]);
    expect(normalizeIntervals([[-5, 0.4], [3.2, 3.4], [Number.NaN, 4]], 60)).toEqual([]);
  });
  it('loses no second where one stretch of playback was reported in two pieces', () => {
    const first = addWatched([], [[0, 13.4]], 15, 60);
    expect(addWatched(first.intervals, [[13.4, 14.6]], 15, 60)).toEqual({ intervals: [[0, 15]], added: 2 });
  });
  it('counts a second once however often it is played', () => {
    let s = addWatched([], [[0, 30]], 600, 60);
    expect(s.added).toBe(30);
    s = addWatched(s.intervals, [[0, 30]], 600, 60);
    expect(s.added).toBe(0);
    s = addWatched(s.intervals, [[20, 40]], 600, 60);
    expect(s).toEqual({ intervals: [[0, 40]], added: 10 });
  });
  it('adds no more than the allowance, earliest seconds first, leaving the rest to be watched again', () => {
    const s = addWatched([[0, 10]], [[0, 100]], 600, 25);
    expect(s).toEqual({ intervals: [[0, 35]], added: 25 });
    expect(addWatched([], [[50, 60], [0, 20]], 600, 15)).toEqual({ intervals: [[0, 15]], added: 15 });
    expect(addWatched([[0, 5]], [[0, 50]], 600, 0).added).toBe(0);
  });
  it('a skip adds only what was played after it', () => {
    const s = addWatched([[0, 10]], [[300, 310]], 600, 60);
    expect(s.added).toBe(10);
    expect(totalSeconds(s.intervals)).toBe(20);
  });
  it('credits the chapter’s 学时 in proportion and calls it done at 95 %', () => {
    expect(creditedMinutes(300, 600, 20)).toBe(10);
    expect(creditedMinutes(900, 600, 20)).toBe(20);
    expect(creditedMinutes(1, 3, 1)).toBe(0.3);
    expect(creditedMinutes(10, 0, 20)).toBe(0);
    expect(chapterDone(569, 600)).toBe(false);
    expect(chapterDone(570, 600)).toBe(true);
  });
});
