/** What 在线学习's study routes answer (server/src/modules/learning). */
import { z } from 'zod';
import type { Wire } from '../answer.ts';
import { CHAPTER_KINDS } from '../resources/learning.ts';

/** the seconds of a chapter I have watched, as played intervals, and what they credit */
const progress = z.object({
  intervals: z.array(z.tuple([z.number(), z.number()])), watchedSeconds: z.number(), lastPosition: z.number(), durationSeconds: z.number(),
  creditedMinutes: z.number(), done: z.boolean(),
});

/** whether my account stands for a person whose 学时 count (`notice` says why not) */
const linked = z.object({ linked: z.boolean(), notice: z.string().nullable() });

const myCourse = z.object({
  id: z.string(), name: z.string(), subjectName: z.string(), description: z.string().nullable(), chapterCount: z.number(), totalMinutes: z.number(),
  creditedMinutes: z.number(), doneChapters: z.number(),
});

const chapter = progress.extend({
  id: z.string(), title: z.string(), kind: z.enum(CHAPTER_KINDS), minutes: z.number(), orderNum: z.number(), fileName: z.string().nullable(),
});

export const learningAnswers = {
  my: linked.extend({ year: z.number(), requiredHours: z.number(), creditedMinutes: z.number(), courses: z.array(myCourse) }),
  course: linked.extend({ id: z.string(), name: z.string(), subjectId: z.string(), subjectName: z.string(), description: z.string().nullable(), chapters: z.array(chapter) }),
  start: progress.extend(linked.shape),
  report: progress.extend({ added: z.number() }),
};

export type LearningProgress = Wire<typeof progress>;
export type MyCourse = Wire<typeof myCourse>;
export type MyCourses = Wire<typeof learningAnswers.my>;
export type Chapter = Wire<typeof chapter>;
export type CourseView = Wire<typeof learningAnswers.course>;
