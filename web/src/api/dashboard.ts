/**
 * GET /index/dashboard: an answer per side (docs/api-contract.md); this is the shape the
 * dashboard reads. Every figure comes from the server; missing ones show as 0 / empty.
 */
import { get } from './request.ts';

export interface CountItem { name: string; value: number }
export interface NoticeItem { id: string; title: string; publishedAt?: string | null; createdAt?: string | null; read?: boolean }
export interface ExpiryItem {
  /** alertMessgae menu code, e.g. 'alertVehicleTransport' */
  kind: string;
  title?: string;
  due: number;
  overdue: number;
}

export interface EnterpriseDashboard {
  side: 'enterprise';
  /** the four waybill queues and unread notices (same keys as getRemindInfo) */
  queues: { uncommitted?: number; unscheduled?: number; unchecked?: number; undistributed?: number; unread?: number };
  expiry: ExpiryItem[];
  hazards: { open?: number; major?: number; overdue?: number };
  /** this month's waybills by day: date 'YYYY-MM-DD' */
  waybillsByDay: { date: string; count: number }[];
  notices: NoticeItem[];
}

export interface GovernmentDashboard {
  side: 'government' | 'platform';
  today: number;
  inTransit: number;
  abnormal: number;
  overdueCertificates: number;
  openRectifications: number;
  byCity: CountItem[];
  byClass: CountItem[];
  notices: NoticeItem[];
}

export type Dashboard = EnterpriseDashboard | GovernmentDashboard;

export const getDashboard = () => get<Dashboard>('/index/dashboard', undefined, { silent: true });
