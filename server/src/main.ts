/** `npm start`: the app on PORT (8080) with the embedded database in DATA_DIR, or PostgreSQL with DATABASE_URL. */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config);
server.app.log.info(`危险货物道路运输安全监管系统 ready at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'embedded database in ' + config.dataDir})`);

// Ctrl-C, systemd and Docker signal the whole process group: the embedded database child waits for us (see
// embedded-server.mjs), we finish what is in flight and stop it last. A second signal does not cut the shutdown.
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 20_000);
let closing = false;
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${sig}: stopping (in-flight requests get up to ${GRACE_MS} ms)`);
    try { await server.stop(GRACE_MS); process.exit(0); } catch (err) { console.error(err); process.exit(1); }
  });
}
