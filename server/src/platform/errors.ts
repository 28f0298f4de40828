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
