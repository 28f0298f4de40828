/**
 * 系统管理 and the shell's own business calls: bespoke admin routes and the hooks of the admin
 * resources. Registered under /api and again under /api/super (pageB); routes for the main page only (open API,
 * metrics, app releases) check `fastify.prefix` themselves.
 */
import type { FastifyPluginAsync } from 'fastify';
import './hooks.ts';
import { userRoutes } from './users.ts';
import { menuRoutes } from './menus.ts';
import { groupRoutes } from './groups.ts';
import { dictRoutes } from './dict.ts';
import { serviceClientRoutes } from './service-clients.ts';
import { monitorRoutes } from './monitor.ts';
import { contentRoutes } from './content.ts';
import { appReleaseRoutes } from './app-release.ts';
import { fileRoutes } from './files.ts';
import { dashboardRoutes } from './dashboard.ts';

export { addDashboardPart } from './dashboard.ts';

export const adminModule: FastifyPluginAsync = async (fastify) => {
  // children inherit the prefix (/api or /api/super), so `fastify.prefix` tells them where they are
  for (const routes of [userRoutes, menuRoutes, groupRoutes, dictRoutes, serviceClientRoutes, monitorRoutes, contentRoutes, appReleaseRoutes, fileRoutes, dashboardRoutes]) {
    await fastify.register(routes);
  }
};
