import { messages } from '../shared/messages.js';

/** Stable codes clients and logs can rely on; the message is what users read. */
export type ErrorCode =
  | 'validation_failed'
  | 'invalid_cursor'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'not_owner'
  | 'bad_request'
  | 'service_unavailable';

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly extraMessages: string[];

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; extraMessages?: string[] } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = options.fields;
    this.extraMessages = options.extraMessages ?? [];
  }
}

export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const notOwner = (message: string) => new AppError(400, 'not_owner', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (statusCode: number, message: string) => new AppError(statusCode, 'conflict', message);
export const unauthorized = () => new AppError(401, 'unauthorized', messages.invalidToken);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const invalidCursor = () => new AppError(400, 'invalid_cursor', messages.invalidCursor);
export const serviceUnavailable = () => new AppError(503, 'service_unavailable', messages.serviceUnavailable);
