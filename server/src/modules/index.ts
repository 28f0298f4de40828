/** Every area's routes. Areas that pageB also uses are registered again under /api/super. */
import { RESOURCES } from '@dg/core';
import type { App } from '../platform/context.ts';
import { registerResources } from '../platform/crud/routes.ts';
import { superScope } from '../platform/access.ts';
import { authRoutes } from './auth/index.ts';
import { shellRoutes, publicRoutes } from './shell/index.ts';
import { adminModule } from './admin/index.ts';
import { recordsModule } from './records/index.ts';
import { knowledgeModule } from './knowledge/index.ts';
import { warningsModule } from './warnings/index.ts';
import { approvalModule } from './approval/index.ts';
import { waybillModule } from './waybill/index.ts';
import { supervisionModule } from './supervision/index.ts';
import { dangerModule } from './danger/index.ts';
import { inspectionModule } from './inspection/index.ts';
import { assessmentModule } from './assessment/index.ts';
import { fusionModule } from './fusion/index.ts';
import { regimeModule } from './regime/index.ts';
import { noticeModule } from './notice/index.ts';
import { examModule } from './exam/index.ts';
import { eventRoutes } from './shell/events.ts';
import { boardModule } from './board/index.ts';
import { statsModule } from './stats/index.ts';
import { learningModule } from './learning/index.ts';

export async function registerModules(app: App) {
  await authRoutes(app);
  await publicRoutes(app);
  for (const prefix of ['/api', '/api/super']) {
    await app.register(async (scoped) => {
      if (prefix === '/api/super') scoped.addHook('onRoute', superScope);
      await scoped.register(shellRoutes);
      await scoped.register(adminModule);
      registerResources(scoped as unknown as App, RESOURCES.filter((r) => r.area === 'admin'));
    }, { prefix });
  }
  await app.register(async (scoped) => {
    // bespoke routes first: a module's fixed path (e.g. /zsk/dangerousGoods/search) wins over the engine's /:id forms
    for (const m of [recordsModule, knowledgeModule, warningsModule, approvalModule, waybillModule, supervisionModule, dangerModule, inspectionModule, assessmentModule, fusionModule, regimeModule, noticeModule, examModule, boardModule, statsModule, learningModule, eventRoutes]) await scoped.register(m);
    registerResources(scoped as unknown as App, RESOURCES.filter((r) => r.area !== 'admin'));
  }, { prefix: '/api' });
}
