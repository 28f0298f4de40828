/**
 * 在线学习考试 (API area 'zxxx', the product's path of the learning service, whose file routes share it): 科目 — the
 * subjects an enterprise trains its staff in and the posts (岗位) each targets; 课程 of a subject and their 章节 (a video
 * or a PDF with its 学时); 学时记录 — each person's credited hours of a year against the yearly requirement (a view over
 * the watched time, learning migration). Exams draw their questions by subject. The watched-time rule is ../learning.ts.
 */
import { resource, text, textarea, integer, number, enumOf, ref, file, bool } from '../resource.ts';
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

/** 课程: a subject's course; its 学时 and chapter count follow its chapters */
export const course = resource({
  key: 'course', area: 'zxxx', menu: 'courseManager', readMenus: ['mySubjectManager'], title: '课程', scope: 'enterprise', table: 'learning_course',
  labelField: 'name', defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    name: text('课程名称', { required: true, max: 100, unique: true, column: true, search: 'like' }),
    subjectId: ref('科目', 'subject', 'name', { required: true, column: true, search: 'eq' }),
    description: textarea('课程简介', { max: 1000 }),
    chapterCount: integer('章节数', { readOnly: true, default: 0, column: true }),
    totalMinutes: integer('学时（分钟）', { readOnly: true, default: 0, column: true }),
    orderNum: integer('排序', { default: 0, min: 0, max: 9999, column: true, sort: true }),
  },
});

export const CHAPTER_KINDS = ['视频', '文档'] as const;
/** the files a chapter may hold: a video the browser plays, or a PDF it shows */
export const CHAPTER_FILE_TYPES: Record<string, (typeof CHAPTER_KINDS)[number]> = { 'video/mp4': '视频', 'video/webm': '视频', 'application/pdf': '文档' };

/** 章节: one video or document of a course and the 学时 it is worth when studied through */
export const courseChapter = resource({
  key: 'courseChapter', area: 'zxxx', menu: 'courseManager', readMenus: ['mySubjectManager'], title: '章节', scope: 'enterprise', table: 'learning_chapter',
  parent: { resource: 'course', field: 'courseId' }, labelField: 'title', defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    courseId: ref('课程', 'course', 'name', { required: true, column: true, search: 'eq' }),
    title: text('章节标题', { required: true, max: 100, column: true, search: 'like' }),
    orderNum: integer('排序', { required: true, default: 1, min: 0, max: 9999, column: true, sort: true }),
    file: file('视频或文档', { required: true, help: '视频（MP4、WebM）或PDF文档' }),
    minutes: integer('学时（分钟）', { required: true, min: 1, max: 600, column: true, help: '学完本章节计入的学时' }),
    kind: enumOf('类型', [...CHAPTER_KINDS], { readOnly: true, column: true, search: 'eq' }),
    durationSeconds: integer('时长（秒）', { readOnly: true, column: true, help: '视频为其播放时长；文档为学时折算的阅读时长' }),
  },
});

/** 学时记录: one person's credited hours of one year against the yearly requirement (参数设置), what inspectors ask to see */
export const learningRecord = resource({
  key: 'learningRecord', area: 'zxxx', menu: 'mySubjectManager', readMenus: ['courseManager'], title: '学时记录', scope: 'enterprise', table: 'v_learning_record',
  view: true, readOnly: true, labelField: 'staffName', defaultSort: { field: 'studiedHours', order: 'asc' },
  fields: {
    staffId: ref('人员', 'staff', 'name', { readOnly: true, search: 'eq' }),
    staffName: text('姓名', { readOnly: true, max: 20, column: true, search: 'like' }),
    idCard: text('身份证号', { readOnly: true, max: 18, column: true }),
    post: enumOf('岗位', [...POSTS], { readOnly: true, column: true, search: 'eq' }),
    year: integer('年度', { readOnly: true, column: true, search: 'eq', sort: true }),
    chaptersDone: integer('已学完章节', { readOnly: true, column: true }),
    studiedHours: number('已获学时（小时）', { readOnly: true, digits: 8, precision: 1, column: true, sort: true }),
    requiredHours: number('年度要求（小时）', { readOnly: true, digits: 8, precision: 1, column: true }),
    reached: bool('达标', { readOnly: true, column: true, search: 'eq' }),
  },
});

export const learningResources = [subject, course, courseChapter, learningRecord];
