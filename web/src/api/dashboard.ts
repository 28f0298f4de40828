/**
 * GET /index/dashboard: an answer per side, declared in core (answers/admin.ts `dashboard`). Every figure comes from
 * the server.
 */
import type { Wire, adminAnswers } from '@dg/core';
import { get } from './request.ts';

export type { EnterpriseDashboard, GovernmentDashboard, NameCount as CountItem, PublishedItem as NoticeItem, ExpiryCount as ExpiryItem } from '@dg/core';
export type Dashboard = Wire<typeof adminAnswers.dashboard>;

export const getDashboard = () => get<Dashboard>('/index/dashboard', undefined, { silent: true });
