import { MSG, STATUS } from '@dg/core';

/** A failure the client is told about in the envelope: `{ status, message }`. */
export class ApiError extends Error {
  constructor(public status: number, message: string, public httpStatus = 200, public data?: unknown) {
    super(message);
  }
}
/** bad input or a business rule: 40001 with a Chinese message naming the field */
export const badInput = (message: string, data?: unknown) => new ApiError(STATUS.BAD_INPUT, message, 200, data);
export const forbidden = (message: string = MSG.forbidden) => new ApiError(STATUS.FORBIDDEN, message, 200);
export const tokenInvalid = (message = 'User token expired!') => new ApiError(STATUS.TOKEN, message, 401);
export const notFound = () => new ApiError(STATUS.BAD_INPUT, MSG.notFound, 200);
export const staleVersion = () => new ApiError(STATUS.BAD_INPUT, MSG.staleVersion, 200);

export const ok = <T>(data: T, message = 'success') => ({ status: STATUS.OK, message, data });

/** the envelope's status (and the HTTP status) of a call the server cannot serve for now: the client may try again */
export const UNAVAILABLE = 503;
export const DB_UNAVAILABLE = '数据库暂时不可用，请稍后重试';
export const REDIS_UNAVAILABLE = '缓存服务暂时不可用，请稍后重试';
export const unavailable = (message = DB_UNAVAILABLE) => new ApiError(UNAVAILABLE, message, UNAVAILABLE);
/** an upload the files directory could not take: nothing the user can change in the request, an operator must act */
export const FILES_FULL = '文件保存失败：服务器存储空间已满，请联系管理员';
export const FILES_UNWRITABLE = '文件保存失败：服务器文件目录无法写入，请联系管理员';

/**
 * SQLSTATEs and socket errors that mean the database is not there (restarting, shutting down, refusing connections),
 * not that the statement was wrong: 57P01 admin_shutdown (`pg_ctl -m fast` ends every session), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections, class 08 connection exceptions.
 */
const DB_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08007']);
/** a socket's errno, from pg's connection to the database (ENOENT: the embedded database's Unix socket is gone) */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** what pg and pg-pool throw, without a code, for a connection that ended or could not be had in time */
const DB_AWAY_MESSAGES = /^Connection terminated|timeout exceeded when trying to connect|is not queryable|Cannot use a pool after calling end/;
/** what ioredis throws while Redis is away (no offline queue, retries spent, the connection closing, no answer in time) */
const REDIS_AWAY = /enableOfflineQueue options is false|Connection is closed|Command timed out|max retries per request/i;

interface Raised { code?: unknown; syscall?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown }

/** the errors inside `err`: drizzle puts the driver's on `cause`, a multi-address connect holds one per address */
function* chain(err: unknown, depth = 0): Generator<Raised> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  const e = err as Raised;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

/**
 * The Chinese message of a 503 when `err` says the database or Redis is away for now, else null: the request is
 * answered 503 (and a transaction it started is rolled back by the database, or left unconfirmed when the connection
 * broke during its COMMIT), not 500.
 */
export function unavailableMessage(err: unknown): string | null {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (DB_AWAY_CODES.has(code) || SOCKET_CODES.has(code) || (code === 'ENOENT' && e.syscall === 'connect') || DB_AWAY_MESSAGES.test(message)) return DB_UNAVAILABLE;
    if (e.name === 'MaxRetriesPerRequestError' || REDIS_AWAY.test(message)) return REDIS_UNAVAILABLE;
  }
  return null;
}
