/** 在线学习's calls beyond the generic resource routes (server/src/modules/learning). */
import { request, apiUrl } from '../../api/request';
import { getToken } from '../../utils/auth';

export interface Progress { intervals: [number, number][]; watchedSeconds: number; lastPosition: number; durationSeconds: number; creditedMinutes: number; done: boolean }
export interface MyCourse { id: string; name: string; subjectName: string; description: string | null; chapterCount: number; totalMinutes: number; creditedMinutes: number; doneChapters: number }
export interface MyCourses { linked: boolean; notice: string | null; year: number; requiredHours: number; creditedMinutes: number; courses: MyCourse[] }
export interface Chapter extends Progress { id: string; title: string; kind: '视频' | '文档'; minutes: number; orderNum: number; fileName: string | null }
export interface CourseView { id: string; name: string; subjectId: string; subjectName: string; description: string | null; linked: boolean; notice: string | null; chapters: Chapter[] }

export const getMyCourses = () => request<MyCourses>({ url: '/zxxx/learning/my', method: 'get' });
export const getCourse = (id: string) => request<CourseView>({ url: `/zxxx/learning/course/${encodeURIComponent(id)}`, method: 'get' });
export const startChapter = (chapterId: string) => request<Progress & { linked: boolean; notice: string | null }>({ url: '/zxxx/learning/start', method: 'post', data: { chapterId } });
/** a report in the background: no loading overlay, no message on failure (the next report carries the seconds again) */
export const reportWatched = (chapterId: string, intervals: [number, number][], position: number) =>
  request<Progress & { added: number }>({ url: '/zxxx/learning/report', method: 'post', data: { chapterId, intervals, position }, silent: true });
/** the chapter's file for a <video> or <iframe>, which send no Authorization header: the token rides in the query */
export const mediaUrl = (chapterId: string) => apiUrl(`/zxxx/learning/media/${encodeURIComponent(chapterId)}?token=${encodeURIComponent(getToken() ?? '')}`);

/** the spec's route of a chapter's study screen: course, subject, chapter */
export const studyPath = (courseId: string, subjectId: string, chapterId: string) =>
  `/learningvideo/${encodeURIComponent(courseId)}/${encodeURIComponent(subjectId)}/${encodeURIComponent(chapterId)}`;
