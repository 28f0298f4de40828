/**
 * 在线考试 (API area 'exam'): the enterprise's 题库 (单选 / 多选 / 判断), its exams for its staff (by person or by
 * post; a fixed paper or one drawn per candidate) and every attempt at one. An exam runs the workflow declared here
 * (草稿 → 已发布 → 已结束); the taking of an exam — start, each answer saved as given, submit, the sweep that submits
 * at time-out — is the routes of server/src/modules/exam, and the rules are ../exam.ts.
 */
import { resource, text, textarea, datetime, integer, number, enumOf, ref, bool, json } from '../resource.ts';
import type { WorkflowDef } from '../workflow.ts';
import { DIFFICULTIES, QUESTION_TYPES } from '../exam.ts';
import { POSTS } from './records.ts';

const option = (l: string) => text(`选项${l}`, { max: 500, formOnly: l > 'B' });

export const question = resource({
  key: 'question', area: 'exam', menu: 'questionManager', title: '试题', scope: 'enterprise', table: 'exam_question', labelField: 'stem',
  importable: true, defaultSort: { field: 'type', order: 'asc' },
  fields: {
    subjectId: ref('科目', 'subject', 'name', { required: true, column: true, search: 'eq' }),
    type: enumOf('题型', [...QUESTION_TYPES], { required: true, column: true, search: 'eq', max: 4 }),
    stem: textarea('题干', { required: true, max: 1000, column: true, search: 'like' }),
    optionA: option('A'), optionB: option('B'), optionC: option('C'), optionD: option('D'), optionE: option('E'), optionF: option('F'),
    answer: text('答案', { required: true, max: 6, column: true, help: '单选填一个字母，多选填多个字母（如ACD），判断填“正确”或“错误”' }),
    explanation: textarea('解析', { max: 1000 }),
    difficulty: enumOf('难度', [...DIFFICULTIES], { required: true, default: '中', column: true, search: 'eq', max: 2 }),
  },
});

export const EXAM_STATES = ['草稿', '已发布', '已结束'] as const;
export const PAPER_MODES = ['随机', '固定'] as const;

export const examWorkflow = {
  owns: ['state', 'paperIds', 'totalScore', 'publishedAt'],
  states: { 草稿: { color: 'default' }, 已发布: { color: 'processing' }, 已结束: { color: 'success', final: true } },
  lockedIn: ['已发布', '已结束'],
  steps: {
    publish: { label: '发布', from: ['草稿'], to: '已发布', sides: ['enterprise'], elements: ['exemManager:btn_edit'], confirm: '发布后考生即可在考试时间内参加考试，试卷设置不能再修改。确定发布？' },
    finish: { label: '结束', from: ['已发布'], to: '已结束', sides: ['enterprise'], elements: ['exemManager:btn_edit'], confirm: '结束后考生不能再参加考试，正在答题的试卷将自动交卷。确定结束？' },
  },
  refusal: (_row, state, label) => `考试当前为${state}，不能${label}`,
} as const satisfies WorkflowDef;

const count = (label: string) => integer(label, { required: true, min: 0, max: 200, default: 0 });
const score = (label: string) => number(label, { required: true, min: 0, max: 100, default: 0, digits: 4, precision: 1 });

export const exam = resource({
  key: 'exam', area: 'exam', menu: 'exemManager', title: '考试', scope: 'enterprise', table: 'exam', labelField: 'title',
  defaultSort: { field: 'startAt', order: 'desc' }, workflow: examWorkflow,
  fields: {
    title: text('考试标题', { required: true, max: 100, column: true, search: 'like' }),
    state: enumOf('状态', [...EXAM_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq', max: 4 }),
    subjectId: ref('科目', 'subject', 'name', { required: true, column: true, search: 'eq', help: '试题从题库中该科目的试题抽取' }),
    startAt: datetime('开始时间', { required: true, column: true, search: 'range', sort: true }),
    endAt: datetime('结束时间', { required: true, column: true }),
    duration: integer('考试时长（分钟）', { required: true, min: 1, max: 600, column: true }),
    passScore: number('及格分', { required: true, min: 0, max: 1000, digits: 5, precision: 1, column: true }),
    maxAttempts: integer('可考次数', { required: true, min: 1, max: 20, default: 1, column: true }),
    paperMode: enumOf('组卷方式', [...PAPER_MODES], { required: true, default: '随机', max: 2, help: '随机：每位考生抽取各自的试卷（同一考生每次相同）；固定：全体考生同一份试卷' }),
    singleCount: count('单选题数量'), singleScore: score('单选题每题分值'),
    multiCount: count('多选题数量'), multiScore: score('多选题每题分值'),
    judgeCount: count('判断题数量'), judgeScore: score('判断题每题分值'),
    candidatePosts: enumOf('考生岗位', [...POSTS], { multiple: true, help: '该岗位的在职人员均为考生' }),
    candidateStaffIds: ref('考生', 'staff', 'name', { multiple: true, help: '另行指定的考生' }),
    totalScore: number('总分', { readOnly: true, digits: 6, precision: 1, column: true }),
    paperIds: json('固定试卷', { readOnly: true, internal: true }),
    publishedAt: datetime('发布时间', { readOnly: true }),
    remark: textarea('考试说明', { max: 500 }),
  },
});

export const ATTEMPT_STATES = ['答题中', '已交卷'] as const;

/** one attempt of one candidate at one exam: written by the exam routes only; the manager's 成绩 list */
export const examAttempt = resource({
  key: 'examAttempt', area: 'exam', menu: 'exemManager', title: '考试成绩', scope: 'enterprise', table: 'exam_attempt', labelField: 'staffName',
  readOnly: true, defaultSort: { field: 'startedAt', order: 'desc' },
  fields: {
    examId: ref('考试', 'exam', 'title', { readOnly: true, column: true, search: 'eq' }),
    staffId: ref('考生', 'staff', 'name', { readOnly: true, search: 'eq' }),
    staffName: text('考生姓名', { readOnly: true, max: 20, column: true, search: 'like' }),
    post: text('岗位', { readOnly: true, max: 10, column: true }),
    attemptNo: integer('第几次', { readOnly: true, column: true }),
    state: enumOf('状态', [...ATTEMPT_STATES], { readOnly: true, default: '答题中', column: true, search: 'eq', max: 4 }),
    startedAt: datetime('开始时间', { readOnly: true, column: true, sort: true }),
    deadlineAt: datetime('截止时间', { readOnly: true }),
    submittedAt: datetime('交卷时间', { readOnly: true, column: true }),
    autoSubmitted: bool('超时自动交卷', { readOnly: true, default: false, column: true }),
    score: number('得分', { readOnly: true, digits: 6, precision: 1, column: true, sort: true }),
    passed: bool('及格', { readOnly: true, column: true, search: 'eq' }),
    userId: text('账户ID', { readOnly: true, internal: true, max: 36 }),
    questionIds: json('试题', { readOnly: true, internal: true }),
  },
});

export const examResources = [question, exam, examAttempt];
