/**
 * Operations from the command line (`npm run backup`, `npm run restore FILE`), with the server's own settings
 * (environment, or the file CONFIG_FILE names):
 *   backup [--out DIR]   a dated backup file in DIR (default BACKUP_DIR, else ./backups)
 *   restore FILE         into the empty database (DATABASE_URL, or the embedded one in DATA_DIR) and empty DATA_DIR/files
 * One line on success (the file), one Chinese and English line and exit code 1 on failure.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup, restore } from './backup.ts';
import { checkEnv, withConfigFile } from './startup.ts';

const [cmd, ...args] = process.argv.slice(2);
try {
  const env = withConfigFile(process.env);
  for (const [k, v] of Object.entries(env)) if (process.env[k] === undefined) process.env[k] = v; // readers of process.env see the file too
  checkEnv(env);
  const config = loadConfig(env);
  if (cmd === 'backup') {
    const i = args.indexOf('--out');
    const out = path.resolve(i >= 0 && args[i + 1] ? args[i + 1]! : env.BACKUP_DIR || 'backups');
    const file = await backup(config, out);
    console.log(`备份完成 / backup written: ${file}`);
  } else if (cmd === 'restore') {
    if (!args[0]) throw new Error('用法 / usage: npm run restore -- <备份文件 backup file>');
    const m = await restore(config, path.resolve(args[0]));
    console.log(`恢复完成 / restored: ${args[0]} (${m.engine}, ${m.createdAt})${config.databaseUrl ? '' : ' → ' + config.dataDir}`);
  } else {
    throw new Error('用法 / usage: ops.mjs backup [--out DIR] | restore FILE');
  }
  process.exit(0);
} catch (err) {
  console.error(`失败：${(err as Error).message}`.replace(/\s+/g, ' '));
  process.exit(1);
}
