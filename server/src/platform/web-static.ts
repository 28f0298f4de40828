/**
 * The built web app (web/dist): hashed assets, index.html for the main page and pageB.html for the super admin.
 * Returns the function the not-found handler uses to answer a client-side route with the right page.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type Config } from '../config.ts';
import type { App } from './context.ts';

export type SendIndex = (url: string, reply: FastifyReply) => FastifyReply;

export async function serveWeb(app: App, config: Config): Promise<SendIndex> {
  const dist = path.join(repoRoot, 'web/dist');
  const hasWeb = config.serveWeb && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist, index: false, wildcard: false, serve: true, prefix: '/',
      // the build writes .br and .gz beside each text file (web/vite.config.ts): sent as the browser accepts them
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        // content-hashed files never change under their name; the pages that name them are checked every time
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return (url, reply) => {
    if (!hasWeb) return reply.code(404).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build');
    return reply.type('text/html; charset=utf-8').sendFile(url.startsWith('/pageB') ? 'pageB.html' : 'index.html');
  };
}
