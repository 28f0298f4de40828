/** 通知公告's pages (/informManger/noticeAdd, /informManger/noticeInfo) and 人员通知's. No antd: the route table imports it. */
import { resourcePaths, type ResourcePaths } from '../../components/resource/ResourcePaths';

const qs = (query?: Record<string, string>) => (query && Object.keys(query).length ? '?' + new URLSearchParams(query).toString() : '');

export const NOTICE_PATHS: { notice: ResourcePaths; staffNotice: ResourcePaths } = {
  notice: {
    list: '/informManger/noticeManger',
    base: '/informManger',
    edit: (query) => `/informManger/noticeAdd${qs(query)}`,
    info: (id) => `/informManger/noticeInfo?id=${encodeURIComponent(id)}`,
  },
  staffNotice: resourcePaths('/informManger/personnelNoticeManager', 'informManger', 'personnelNotice'),
};
