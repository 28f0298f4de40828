/**
 * The server under measurement, in its own process (bench/run.ts bundles this file with the server and runs it with plain node): the load generator (bench/run.ts) must not share its event loop,
 * or it measures itself. Started with fork(); its config arrives as argv[2] (JSON) and it answers with its URL, its
 * database URL and its pid; 'stop' (or the parent's exit) stops it cleanly.
 */
import { startServer } from '../server/src/server.ts';
import { loadConfig, type Config } from '../server/src/config.ts';

const overrides = JSON.parse(process.argv[2] ?? '{}') as Partial<Config>;
const server = await startServer({ ...loadConfig({}), ...overrides }, { logger: false });
process.send!({ url: server.url, databaseUrl: server.database.url, pid: process.pid });
const stop = async () => { await server.stop(5000).catch(() => {}); process.exit(0); };
process.on('message', (m) => { if (m === 'stop') void stop(); });
process.on('disconnect', () => void stop());
