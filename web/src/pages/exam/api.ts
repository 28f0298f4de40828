/** 我的考试's calls (server/src/modules/exam): the candidate's own exams, papers and answers. */
import type { ExamAttempt, MyExam, Paper, Wire, examAnswers } from '@dg/core';
import { request } from '../../api/request';

export type { MyExam, Paper, PaperQuestion } from '@dg/core';
export type Attempt = ExamAttempt;

const id = (x: string) => encodeURIComponent(x);
export const myExams = () => request<MyExam[]>({ url: '/exam/my/list', method: 'get' });
export const startExam = (examId: string) => request<Wire<typeof examAnswers.start>>({ url: `/exam/my/start/${id(examId)}`, method: 'post', data: {} });
export const myPaper = (attemptId: string) => request<Paper>({ url: `/exam/my/paper/${id(attemptId)}`, method: 'get' });
/** silent: a failed save is kept and sent again; the page shows that it is waiting */
export const saveAnswer = (attemptId: string, questionId: string, answer: string) =>
  request<Wire<typeof examAnswers.saved>>({ url: `/exam/my/answer/${id(attemptId)}`, method: 'post', data: { questionId, answer }, silent: true });
export const submitPaper = (attemptId: string) => request<Paper>({ url: `/exam/my/submit/${id(attemptId)}`, method: 'post', data: {} });
export const myHistory = (examId: string) => request<Wire<typeof examAnswers.history>>({ url: `/exam/my/history/${id(examId)}`, method: 'get' });
export const attemptPaper = (attemptId: string) => request<Paper>({ url: `/exam/examAttempt/paper/${id(attemptId)}`, method: 'get' });

export const EXAM_PATHS = {
  manager: '/learningManager/exemManager',
  add: '/learningManager/exemManagerAdd',
  edit: (examId: string) => `/learningManager/exemManagerEdit/${id(examId)}`,
  take: (attemptId: string) => `/mytestpaperinfo1/${id(attemptId)}`,
  paper: (attemptId: string) => `/learningManager/mytestpaperinfo/${id(attemptId)}`,
  history: (examId: string) => `/learningManager/myExemManagerinfo/${id(examId)}`,
};
