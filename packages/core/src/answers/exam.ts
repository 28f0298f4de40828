/** What 我的考试 and the graded paper answer (server/src/modules/exam). */
import { z } from 'zod';
import { instant, type Wire } from '../answer.ts';
import { QUESTION_TYPES } from '../exam.ts';

/** one of my exams with my attempts at it */
const myExam = z.object({
  id: z.string(), title: z.string(), state: z.string(), startAt: instant, endAt: instant, duration: z.number(), passScore: z.number(),
  totalScore: z.number().nullable(), maxAttempts: z.number(), attempts: z.number(), bestScore: z.number().nullable(), passed: z.boolean().nullable(),
  openAttemptId: z.string().nullable(), serverNow: instant,
});

const examStarted = z.object({ attemptId: z.string(), resumed: z.boolean() });

const paperQuestion = z.object({
  id: z.string(), no: z.number(), type: z.enum(QUESTION_TYPES), stem: z.string(), options: z.array(z.string()), score: z.number(), answer: z.string(),
  /** after submission only */
  key: z.string().optional(), explanation: z.string().nullable().optional(), points: z.number().optional(), correct: z.boolean().optional(),
});

const paper = z.object({
  id: z.string(), examId: z.string(), title: z.string(), attemptNo: z.number(), state: z.enum(['答题中', '已交卷']), startedAt: instant,
  deadlineAt: instant, serverNow: instant, secondsLeft: z.number(), duration: z.number(), submittedAt: instant.nullable(), autoSubmitted: z.boolean(),
  score: z.number().nullable(), passed: z.boolean().nullable(), passScore: z.number(), totalScore: z.number().nullable(), answered: z.number(),
  questions: z.array(paperQuestion),
});

const savedAnswer = z.object({ questionId: z.string(), answer: z.string(), savedAt: instant });

const attempt = z.object({
  id: z.string(), attemptNo: z.number(), state: z.string(), startedAt: instant, submittedAt: instant.nullable(), autoSubmitted: z.boolean(),
  score: z.number().nullable(), passed: z.boolean().nullable(),
});

const examHistory = z.object({
  exam: myExam.pick({ id: true, title: true, state: true, startAt: true, endAt: true, duration: true, passScore: true, totalScore: true, maxAttempts: true }),
  attempts: z.array(attempt),
});

export const examAnswers = {
  myList: z.array(myExam), start: examStarted, paper, saved: savedAnswer, history: examHistory,
};

export type MyExam = Wire<typeof myExam>;
export type PaperQuestion = Wire<typeof paperQuestion>;
export type Paper = Wire<typeof paper>;
export type ExamAttempt = Wire<typeof attempt>;
