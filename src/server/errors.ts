import type { ErrorCode, ErrorJson } from '../shared/api-types.js';
import { messages } from '../shared/messages.js';

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly extraMessages: string[];
  /** Sent as `Retry-After`: the seconds after which the same request may succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; extraMessages?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = options.fields;
    this.extraMessages = options.extraMessages ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const notOwner = (message: string) => new AppError(400, 'not_owner', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (statusCode: number, message: string) => new AppError(statusCode, 'conflict', message);
export const unauthorized = () => new AppError(401, 'unauthorized', messages.invalidToken);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const invalidCursor = () => new AppError(400, 'invalid_cursor', messages.invalidCursor);
export const rateLimited = () => new AppError(429, 'rate_limited', messages.tooManyRequests);

/** The body of an error answered outside the error handler's `AppError`s. */
export const errorBody = (code: ErrorCode, message: string): ErrorJson => ({ errors: [message], code });
