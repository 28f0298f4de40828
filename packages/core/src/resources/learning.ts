/**
 * 在线学习考试 (API area 'zxxx', the product's path of the learning service, whose file routes share it): 科目 — the
 * subjects an enterprise trains its staff in and the posts (岗位) each targets. Courses, chapters and watched time hang
 * off a subject; exams draw their questions by subject.
 */
import { resource, text, textarea, integer, enumOf } from '../resource.ts';
import { POSTS } from './records.ts';

/** 科目: one enterprise's training subject; the posts it targets decide whose 我的课程 lists its courses */
export const subject = resource({
  key: 'subject', area: 'zxxx', menu: 'subjectManager', title: '科目', scope: 'enterprise', table: 'learning_subject', labelField: 'name',
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    name: text('科目名称', { required: true, max: 50, unique: true, column: true, search: 'like' }),
    posts: enumOf('适用岗位', [...POSTS], { required: true, multiple: true, column: true, search: 'eq', help: '这些岗位的在职人员在“我的课程”中学习本科目的课程' }),
    description: textarea('科目说明', { max: 500 }),
    orderNum: integer('排序', { default: 0, min: 0, max: 9999, column: true, sort: true }),
  },
});

export const learningResources = [subject];
