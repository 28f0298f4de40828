/**
 * `npm start` (through tsx) and `npm run start:prod` (the bundle, server/dist/main.mjs): the app on PORT (8080) with the
 * embedded database in DATA_DIR, or PostgreSQL with DATABASE_URL. Settings come from the environment or from the file
 * CONFIG_FILE names; a wrong one stops the start with one Chinese and English line naming it, and exit code 1.
 */
import { loadConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { checkEnv, checkStartup, startupLine, withConfigFile } from './ops/startup.ts';

let server: RunningServer;
let config: ReturnType<typeof loadConfig>;
let env: NodeJS.ProcessEnv = process.env;
try {
  env = withConfigFile(process.env);
  for (const [k, v] of Object.entries(env)) if (process.env[k] === undefined) process.env[k] = v; // readers of process.env see the file too
  checkEnv(env);
  config = loadConfig(env);
  await checkStartup(config);
  server = await startServer(config);
} catch (err) {
  console.error(startupLine(err));
  process.exit(1);
}
// An error nobody caught — a rejection without a catch, an 'error' event without a listener — is a bug to log with its
// stack, not a reason to end every request in flight and every open stream. The database and Redis going away are not
// such errors: their connections have listeners, and their requests answer 503.
process.on('unhandledRejection', (err) => { server.app.log.error({ err }, 'unhandled promise rejection (a bug: the process goes on)'); });
process.on('uncaughtException', (err, origin) => { server.app.log.error({ err, origin }, 'uncaught exception (a bug: the process goes on)'); });

server.app.log.info(`危险货物道路运输安全监管系统 ready at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'embedded database in ' + config.dataDir})`);

// Ctrl-C, systemd and Docker signal the whole process group: the embedded database child waits for us (see
// embedded-server.mjs), we finish what is in flight and stop it last. A second signal does not cut the shutdown.
const GRACE_MS = Number(env.SHUTDOWN_GRACE_MS || 20_000);
let closing = false;
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${sig}: stopping (in-flight requests get up to ${GRACE_MS} ms)`);
    try { await server.stop(GRACE_MS); process.exit(0); } catch (err) { console.error(err); process.exit(1); }
  });
}
