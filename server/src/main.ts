/** `npm start`: the app on PORT (8080) with the embedded database in DATA_DIR, or PostgreSQL with DATABASE_URL. */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config);
server.app.log.info(`危险货物道路运输安全监管系统 ready at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'embedded database in ' + config.dataDir})`);

let closing = false;
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${sig}: stopping`);
    try { await server.stop(); process.exit(0); } catch (err) { console.error(err); process.exit(1); }
  });
}
