/** `npm run seed:demo`: demo accounts and data on the database of DATABASE_URL (or the embedded one). */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connect } from './index.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { prepareDatabase } from '../server.ts';

const config = { ...loadConfig(), seedDemo: true };
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
const database = connect(config.databaseUrl ?? embedded!.url);
await prepareDatabase(database, config);
await database.close();
await embedded?.stop();
console.log('演示数据已就绪（已存在则跳过）');
