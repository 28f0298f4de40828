import type { FastifyBaseLogger, FastifyInstance, RawServerDefault, RouteOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { SessionUser, RouteAccess } from './access.ts';
import type { SharedState } from './shared-state.ts';
import type { Imports } from './crud/excel.ts';
import type { Tokens } from './tokens.ts';
import type { Sessions } from './sessions.ts';
import type { Traces } from './traces.ts';
import type { Events } from './events.ts';

export interface AppContext {
  config: Config;
  database: Database;
  state: SharedState;
  /** this instance's imports and their progress */
  imports: Imports;
  tokens: Tokens;
  /** the signed-in user per token, cached and invalidated from the database */
  sessions: Sessions;
  traces: Traces;
  /** live updates to the browsers, across instances */
  events: Events;
  instanceId: string;
  /** every registered route with its declared access, for the route fuzz test and the docs */
  routes: RouteOptions[];
  startedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance { ctx: AppContext }
  interface FastifyRequest {
    user?: SessionUser;
    /** set by handlers for the operation log: the row before and after an update */
    audit?: { before?: unknown; after?: unknown; menu?: string; opt?: string };
    startedAt: bigint;
  }
  interface FastifyContextConfig { access?: RouteAccess }
}

/** the app as routes see it: request bodies, params and queries typed from their zod schemas (fastify-type-provider-zod) */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
