import path from 'node:path';
import { readFileSync } from 'node:fs';
import { DEFAULT_PROVINCE_CODE, LOGIN_ADDRESS_MAX_FAILURES } from '@dg/core';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** a real PostgreSQL; without it the embedded PGlite server runs on dataDir */
  databaseUrl?: string;
  redisUrl?: string;
  /** JWT_SECRET, or JWT_SECRET_FILE naming a file that holds it; else <dataDir>/jwt-secret (0600, made on first start) */
  jwtSecret?: string;
  jwtSecretFile?: string;
  provinceCode: string;
  /** LOGIN_CAPTCHA=off is for automated tests only */
  loginCaptcha: boolean;
  /** seed demo accounts and data once (default: only with the embedded database) */
  seedDemo: boolean;
  logLevel: string;
  /** serve the built web app from web/dist */
  serveWeb: boolean;
  version: string;
  /** sign-in attempts per minute from one address (a government office may sit behind one NAT address) */
  loginRatePerMinute: number;
  /** failed sign-ins from one address in 15 minutes before it waits out the window (LOGIN_ADDRESS_FAILURES) */
  loginAddressFailures: number;
  /** TRUST_PROXY: addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed; none by default */
  trustProxy: string[] | false;
  /**
   * CHECK_ANSWERS=1: every answer of a route that declares its schema is checked against it before it is sent, and one
   * that differs (a field missing, renamed, undeclared or of another type) is a 500 naming the difference. The tests
   * run with it; production sends the answer as it is (the schema costs nothing there).
   */
  checkAnswers: boolean;
}

/** the checkout (web/dist, the default ./data): the nearest directory up from this code with the workspaces' package.json —
 * server/src in the source, server/dist in the production bundle */
export const repoRoot = (() => {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    try { if (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).workspaces) return dir; } catch { /* not here */ }
    if (path.dirname(dir) === dir) return path.resolve(import.meta.dirname, '../..');
  }
})();

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtSecretFile: env.JWT_SECRET_FILE || undefined,
    provinceCode: env.PROVINCE_CODE ?? DEFAULT_PROVINCE_CODE,
    loginCaptcha: (env.LOGIN_CAPTCHA ?? 'on') !== 'off',
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    serveWeb: env.SERVE_WEB !== '0',
    version: env.APP_VERSION ?? '0.1.0',
    loginRatePerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 300),
    loginAddressFailures: Number(env.LOGIN_ADDRESS_FAILURES ?? LOGIN_ADDRESS_MAX_FAILURES),
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean) : false,
    checkAnswers: env.CHECK_ANSWERS === '1',
  };
}
