/** 在线学习's calls beyond the generic resource routes (server/src/modules/learning). */
import type { CourseView, LearningProgress, MyCourses, Wire, learningAnswers } from '@dg/core';
import { request, apiUrl } from '../../api/request';
import { getToken } from '../../utils/auth';

export type { Chapter, CourseView, MyCourse, MyCourses } from '@dg/core';
export type Progress = LearningProgress;

export const getMyCourses = () => request<MyCourses>({ url: '/zxxx/learning/my', method: 'get' });
export const getCourse = (id: string) => request<CourseView>({ url: `/zxxx/learning/course/${encodeURIComponent(id)}`, method: 'get' });
export const startChapter = (chapterId: string) => request<Wire<typeof learningAnswers.start>>({ url: '/zxxx/learning/start', method: 'post', data: { chapterId } });
/** a report in the background: no loading overlay, no message on failure (the next report carries the seconds again) */
export const reportWatched = (chapterId: string, intervals: [number, number][], position: number) =>
  request<Wire<typeof learningAnswers.report>>({ url: '/zxxx/learning/report', method: 'post', data: { chapterId, intervals, position }, silent: true });
/** the chapter's file for a <video> or <iframe>, which send no Authorization header: the token rides in the query */
export const mediaUrl = (chapterId: string) => apiUrl(`/zxxx/learning/media/${encodeURIComponent(chapterId)}?token=${encodeURIComponent(getToken() ?? '')}`);

/** the spec's route of a chapter's study screen: course, subject, chapter */
export const studyPath = (courseId: string, subjectId: string, chapterId: string) =>
  `/learningvideo/${encodeURIComponent(courseId)}/${encodeURIComponent(subjectId)}/${encodeURIComponent(chapterId)}`;
