/**
 * The production start's checks: the settings come from the environment, or from a file that CONFIG_FILE names
 * (KEY=VALUE lines; the environment wins over the file). Any wrong or missing setting stops the start with ONE line,
 * Chinese then English, naming the setting, and a non-zero exit — before anything is listened on or migrated.
 */
import { accessSync, constants as fsc, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { MigrationVersionError } from '../db/index.ts';

/** a setting that stops the start: `zh` and `en` name it and say what is wrong */
export class StartupError extends Error {
  constructor(public setting: string, public zh: string, public en: string) {
    super(`${zh} / ${en}`);
    this.name = 'StartupError';
  }
}

/** the one line printed for a failed start */
export function startupLine(err: unknown): string {
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (err instanceof StartupError) return oneLine(`启动失败：${err.zh}。Startup failed: ${err.en}.`);
  if (err instanceof MigrationVersionError) return oneLine(`启动失败：${err.message}`);
  const e = err as NodeJS.ErrnoException;
  return oneLine(`启动失败：${e?.message ?? String(err)} / Startup failed: ${e?.message ?? String(err)}`);
}

/** KEY=VALUE lines (# comments, optional quotes) of the file CONFIG_FILE names, under the environment's own values */
export function withConfigFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = env.CONFIG_FILE;
  if (!file) return env;
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) {
    throw new StartupError('CONFIG_FILE', `CONFIG_FILE 指定的配置文件 ${file} 无法读取（${(err as Error).message}）`, `CONFIG_FILE ${file} cannot be read (${(err as Error).message})`);
  }
  const fromFile: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new StartupError('CONFIG_FILE', `配置文件 ${file} 第 ${i + 1} 行不是 KEY=VALUE 格式`, `CONFIG_FILE ${file} line ${i + 1} is not KEY=VALUE`);
    fromFile[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  });
  return { ...fromFile, ...env };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const bad = (setting: string, zh: string, en: string) => { throw new StartupError(setting, `${setting} ${zh}`, `${setting} ${en}`); };
const mask = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** the settings' form, before anything is connected */
export function checkEnv(env: NodeJS.ProcessEnv) {
  const intIn = (key: string, min: number, max: number) => {
    const v = env[key];
    if (v === undefined || v === '') return;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) bad(key, `应为 ${min}–${max} 的整数（现为 "${v}"）`, `must be an integer from ${min} to ${max} (is "${v}")`);
  };
  intIn('PORT', 0, 65535);
  intIn('SHUTDOWN_GRACE_MS', 0, 600_000);
  intIn('LOGIN_RATE_PER_MINUTE', 1, 1_000_000);
  if (env.HOST !== undefined && env.HOST !== '' && !net.isIP(env.HOST) && !/^[a-z0-9.-]+$/i.test(env.HOST)) bad('HOST', `不是有效地址（"${env.HOST}"）`, `is not an address ("${env.HOST}")`);
  if (env.DATABASE_URL) {
    let u: URL | undefined;
    try { u = new URL(env.DATABASE_URL); } catch { /* below */ }
    if (!u || !/^postgres(ql)?:$/.test(u.protocol)) bad('DATABASE_URL', '格式不正确，应为 postgres://用户:密码@主机:5432/库名', 'is malformed: expected postgres://user:password@host:5432/database');
  }
  if (env.REDIS_URL) {
    let u: URL | undefined;
    try { u = new URL(env.REDIS_URL); } catch { /* below */ }
    if (!u || !/^rediss?:$/.test(u.protocol)) bad('REDIS_URL', '格式不正确，应为 redis://主机:6379', 'is malformed: expected redis://host:6379');
  }
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) bad('JWT_SECRET', '至少需要 32 个字符', 'must be at least 32 characters');
  if (env.JWT_SECRET_FILE) {
    let v: string;
    try { v = readFileSync(env.JWT_SECRET_FILE, 'utf8').trim(); } catch (err) {
      return bad('JWT_SECRET_FILE', `指定的文件无法读取（${(err as Error).message}）`, `cannot be read (${(err as Error).message})`);
    }
    if (v.length < 32) bad('JWT_SECRET_FILE', '中的密钥至少需要 32 个字符', 'holds a secret shorter than 32 characters');
  }
  if (env.LOG_LEVEL && !LEVELS.includes(env.LOG_LEVEL)) bad('LOG_LEVEL', `应为 ${LEVELS.join('/')} 之一`, `must be one of ${LEVELS.join('/')}`);
  if (env.LOGIN_CAPTCHA && !['on', 'off'].includes(env.LOGIN_CAPTCHA)) bad('LOGIN_CAPTCHA', '应为 on 或 off', 'must be on or off');
  if (env.PROVINCE_CODE && !/^\d{2}0000$/.test(env.PROVINCE_CODE)) bad('PROVINCE_CODE', `应为省级行政区划代码，如 330000（现为 "${env.PROVINCE_CODE}"）`, `must be a province code such as 330000 (is "${env.PROVINCE_CODE}")`);
  for (const p of (env.TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr, bits, more] = p.split('/');
    const ok = !!addr && net.isIP(addr) && more === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv4(addr) ? 32 : 128)));
    if (!ok) bad('TRUST_PROXY', `中的 "${p}" 不是 IP 地址或 CIDR`, `entry "${p}" is not an IP address or CIDR`);
  }
}

/** DATA_DIR (attachments, the embedded database, the generated signing secret) exists or can be made, and is writable */
export function checkDataDir(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, fsc.W_OK);
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (err) {
    bad('DATA_DIR', `数据目录 ${dataDir} 不可写（${(err as NodeJS.ErrnoException).code ?? (err as Error).message}）`, `data directory ${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** the port is free on the host (the start would fail after migrating otherwise) */
export async function checkPort(host: string, port: number) {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', (err: NodeJS.ErrnoException) => reject(portError(host, port, err)));
    s.listen({ port, host, exclusive: true }, () => s.close(() => resolve()));
  });
}

export function portError(host: string, port: number, err: NodeJS.ErrnoException) {
  return err.code === 'EADDRINUSE'
    ? new StartupError('PORT', `PORT ${port} 已被占用（${host}:${port}）`, `PORT ${port} is already in use (${host}:${port})`)
    : new StartupError('HOST', `无法在 ${host}:${port} 监听（${err.code ?? err.message}）`, `cannot listen on ${host}:${port} (${err.code ?? err.message})`);
}

/** REDIS_URL answers PING */
export async function checkRedis(url: string) {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
  } catch (err) {
    bad('REDIS_URL', `无应答（${mask(url)}：${(err as Error).message}）`, `does not answer (${mask(url)}: ${(err as Error).message})`);
  } finally { r.disconnect(); }
}

/** DATABASE_URL connects and answers a query */
export async function checkDatabase(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select 1');
  } catch (err) {
    bad('DATABASE_URL', `无法连接（${mask(url)}：${(err as Error).message}）`, `does not connect (${mask(url)}: ${(err as Error).message})`);
  } finally { await c.end().catch(() => {}); }
}

/** every check of a production start, in the order an operator fixes them */
export async function checkStartup(config: Config) {
  checkDataDir(config.dataDir);
  await checkPort(config.host, config.port);
  if (config.redisUrl) await checkRedis(config.redisUrl);
  if (config.databaseUrl) await checkDatabase(config.databaseUrl);
}
