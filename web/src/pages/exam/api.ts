/** 我的考试's calls (server/src/modules/exam): the candidate's own exams, papers and answers. */
import { request } from '../../api/request';

export interface MyExam {
  id: string; title: string; state: string; startAt: string; endAt: string; duration: number; passScore: number; totalScore: number | null;
  maxAttempts: number; attempts: number; bestScore: number | null; passed: boolean | null; openAttemptId: string | null; serverNow: string;
}
export interface PaperQuestion {
  id: string; no: number; type: '单选' | '多选' | '判断'; stem: string; options: string[]; score: number; answer: string;
  /** after submission only */
  key?: string; explanation?: string | null; points?: number; correct?: boolean;
}
export interface Paper {
  id: string; examId: string; title: string; attemptNo: number; state: '答题中' | '已交卷'; startedAt: string; deadlineAt: string; serverNow: string;
  secondsLeft: number; duration: number; submittedAt: string | null; autoSubmitted: boolean; score: number | null; passed: boolean | null;
  passScore: number; totalScore: number | null; answered: number; questions: PaperQuestion[];
}
export interface Attempt { id: string; attemptNo: number; state: string; startedAt: string; submittedAt: string | null; autoSubmitted: boolean; score: number | null; passed: boolean | null }

const id = (x: string) => encodeURIComponent(x);
export const myExams = () => request<MyExam[]>({ url: '/exam/my/list', method: 'get' });
export const startExam = (examId: string) => request<{ attemptId: string; resumed: boolean }>({ url: `/exam/my/start/${id(examId)}`, method: 'post', data: {} });
export const myPaper = (attemptId: string) => request<Paper>({ url: `/exam/my/paper/${id(attemptId)}`, method: 'get' });
/** silent: a failed save is kept and sent again; the page shows that it is waiting */
export const saveAnswer = (attemptId: string, questionId: string, answer: string) =>
  request<{ questionId: string; answer: string }>({ url: `/exam/my/answer/${id(attemptId)}`, method: 'post', data: { questionId, answer }, silent: true });
export const submitPaper = (attemptId: string) => request<Paper>({ url: `/exam/my/submit/${id(attemptId)}`, method: 'post', data: {} });
export const myHistory = (examId: string) => request<{ exam: MyExam; attempts: Attempt[] }>({ url: `/exam/my/history/${id(examId)}`, method: 'get' });
export const attemptPaper = (attemptId: string) => request<Paper>({ url: `/exam/examAttempt/paper/${id(attemptId)}`, method: 'get' });

export const EXAM_PATHS = {
  manager: '/learningManager/exemManager',
  add: '/learningManager/exemManagerAdd',
  edit: (examId: string) => `/learningManager/exemManagerEdit/${id(examId)}`,
  take: (attemptId: string) => `/mytestpaperinfo1/${id(attemptId)}`,
  paper: (attemptId: string) => `/learningManager/mytestpaperinfo/${id(attemptId)}`,
  history: (examId: string) => `/learningManager/myExemManagerinfo/${id(examId)}`,
};
