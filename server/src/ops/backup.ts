/**
 * `npm run backup` and `npm run restore FILE`.
 *
 * A backup is one tar file, `dg-backup-<YYYYMMDD-HHmmss>.tar`, holding
 *  - manifest.json: when, which engine, which migrations the database had;
 *  - the database: on PostgreSQL `database.dump`, pg_dump's custom format (one snapshot, so consistent while the
 *    instances write); on the embedded database `database.tar.gz`, PGlite's copy of its data directory taken between
 *    two statements (through the running server's control socket, or directly when no server runs);
 *  - files/: the attachments (DATA_DIR/files), copied AFTER the database snapshot, so every attachment a row of the
 *    snapshot names is there (a file is written before its row is committed).
 * Restore goes into an empty database and an empty DATA_DIR only: it refuses anything else, naming what is not empty.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrationState } from '../db/index.ts';
import { filesDir, wholeFiles } from '../platform/attachment-store.ts';

export class OpsError extends Error {
  constructor(zh: string, en: string) { super(`${zh} / ${en}`); this.name = 'OpsError'; }
}

export interface Manifest { format: 1; createdAt: string; engine: 'postgres' | 'embedded'; database: string; files: boolean; migrations: { pending: string[]; unknown: string[] } }

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let err = '';
    child.stderr!.on('data', (d) => { err += d; });
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT'
      ? new OpsError(`找不到命令 ${cmd}（请安装 PostgreSQL 客户端：apt-get install postgresql-client）`, `command ${cmd} not found (install the PostgreSQL client: apt-get install postgresql-client)`)
      : e));
    child.on('exit', (code) => code === 0 ? resolve() : reject(new OpsError(`${cmd} 失败（退出码 ${code}）：${err.trim().split('\n').slice(-3).join(' ')}`, `${cmd} failed (exit code ${code})`)));
  });
}

const stamp = (d = new Date()) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
};

/** asks the running embedded database (its control socket) for a copy of its data directory */
function askEmbeddedDump(controlSocket: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = net.connect(controlSocket);
    let buf = '';
    c.on('error', reject);
    c.on('data', (d) => { buf += d; });
    c.on('end', () => {
      try {
        const a = JSON.parse(buf) as { ok?: boolean; error?: string };
        if (a.ok) resolve(); else reject(new OpsError(`内置数据库备份失败：${a.error}`, `the embedded database could not be copied: ${a.error}`));
      } catch { reject(new OpsError('内置数据库未应答备份请求', 'the embedded database did not answer the backup request')); }
    });
    c.write(JSON.stringify({ dump: file }) + '\n');
  });
}

/** a copy of the embedded database's data directory: from the running server, or by opening it when none runs */
async function dumpEmbedded(dataDir: string, file: string) {
  const pgDir = path.join(dataDir, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) throw new OpsError(`数据目录 ${dataDir} 中没有内置数据库`, `there is no embedded database in ${dataDir}`);
  const control = path.join(dataDir, 'pg.control');
  if (existsSync(control)) {
    const socket = readFileSync(control, 'utf8').trim();
    try { return await askEmbeddedDump(socket, file); } catch (err) {
      if (err instanceof OpsError) throw err;
      // a control file left by a killed server: nobody answers, so nobody holds the database either
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(pgDir, { extensions: { pg_trgm } });
  try {
    await db.exec('CHECKPOINT');
    const blob = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } finally { await db.close(); }
}

async function migrationsOf(url: string) {
  const c = new pg.Pool({ connectionString: url, max: 1 });
  c.on('error', () => {}); // a dropped idle connection fails the next query with its reason instead of ending the process
  try { return await migrationState({ pool: c }); } finally { await c.end(); }
}

/** writes the backup into `outDir` and answers its path */
export async function backup(config: Pick<Config, 'databaseUrl' | 'dataDir'>, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const name = `dg-backup-${stamp()}`;
  const staging = mkdtempSync(path.join(outDir, `.${name}-`));
  try {
    const engine = config.databaseUrl ? 'postgres' : 'embedded';
    let database: string;
    let migrations: Manifest['migrations'] = { pending: [], unknown: [] };
    if (config.databaseUrl) {
      database = 'database.dump';
      migrations = await migrationsOf(config.databaseUrl);
      // one transaction snapshot for the whole dump: consistent while the instances keep writing
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(staging, database), '--dbname', config.databaseUrl]);
    } else {
      database = 'database.tar.gz';
      await dumpEmbedded(config.dataDir, path.join(staging, database));
    }
    const files = existsSync(filesDir(config.dataDir));
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), engine, database, files, migrations };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
    const tmp = path.join(outDir, `.${name}.tar.partial`);
    // the attachments after the database: every file a row of the snapshot names was written before that row. Only
    // the whole files, named one by one: uploads go on meanwhile (a directory read while a file is added, or a file
    // still being written, would fail tar with "file changed as we read it"); a whole file never changes.
    const whole = files ? wholeFiles(config.dataDir) : [];
    const list = path.join(staging, 'files.list');
    writeFileSync(list, whole.map((f) => f + '\n').join(''));
    await run('tar', ['-cf', tmp, '-C', staging, 'manifest.json', database, ...(whole.length ? ['-C', config.dataDir, '--no-recursion', '--verbatim-files-from', '-T', list] : [])]);
    const out = path.join(outDir, `${name}.tar`);
    renameSync(tmp, out);
    return out;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** restores `file` into the (empty) database of `config` and the (empty) DATA_DIR */
export async function restore(config: Pick<Config, 'databaseUrl' | 'dataDir'>, file: string): Promise<Manifest> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new OpsError(`备份文件 ${file} 不存在`, `backup file ${file} does not exist`);
  const files = filesDir(config.dataDir);
  if (!isEmptyDir(files)) throw new OpsError(`附件目录 ${files} 不是空的，拒绝恢复（请恢复到空的数据目录）`, `attachment directory ${files} is not empty: restore refused (restore into an empty data directory)`);
  mkdirSync(config.dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    await run('tar', ['-xf', file, '-C', staging]);
    let manifest: Manifest;
    try { manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')); } catch {
      throw new OpsError(`${file} 不是本系统的备份文件（缺少 manifest.json）`, `${file} is not a backup of this system (no manifest.json)`);
    }
    const target = config.databaseUrl ? 'postgres' : 'embedded';
    if (manifest.engine !== target) {
      throw new OpsError(`备份来自${manifest.engine === 'postgres' ? ' PostgreSQL' : '内置数据库'}，不能恢复到${target === 'postgres' ? ' PostgreSQL（DATABASE_URL）' : '内置数据库（未设置 DATABASE_URL）'}`,
        `the backup is of the ${manifest.engine} database and cannot be restored into the ${target} one`);
    }
    if (config.databaseUrl) {
      const c = new pg.Client({ connectionString: config.databaseUrl });
      c.on('error', () => {}); // as above: the failing query reports it
      await c.connect().catch((err) => { throw new OpsError(`DATABASE_URL 无法连接（${err.message}）`, `DATABASE_URL does not connect (${err.message})`); });
      try {
        const r = await c.query<{ n: number }>(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`);
        if ((r.rows[0]?.n ?? 0) > 0) throw new OpsError(`目标数据库不是空的（已有 ${r.rows[0]!.n} 个表或序列），拒绝恢复：请恢复到新建的空数据库`, `the target database is not empty (${r.rows[0]!.n} tables or sequences): restore refused, restore into a new empty database`);
      } finally { await c.end(); }
      await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', config.databaseUrl, path.join(staging, manifest.database)]);
    } else {
      const pgDir = path.join(config.dataDir, 'pg');
      if (!isEmptyDir(pgDir)) throw new OpsError(`内置数据库目录 ${pgDir} 不是空的，拒绝恢复（请恢复到空的数据目录）`, `embedded database directory ${pgDir} is not empty: restore refused (restore into an empty data directory)`);
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const blob = new Blob([readFileSync(path.join(staging, manifest.database))]);
      const db = await PGlite.create(pgDir, { loadDataDir: blob, extensions: { pg_trgm } });
      await db.query('select 1');
      await db.close();
    }
    if (manifest.files && existsSync(path.join(staging, 'files'))) {
      mkdirSync(config.dataDir, { recursive: true });
      try { renameSync(path.join(staging, 'files'), files); } catch { cpSync(path.join(staging, 'files'), files, { recursive: true }); }
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
