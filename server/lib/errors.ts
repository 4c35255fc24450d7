import { type ApiErrorCode } from '@shared/api';

/** Typed errors: services throw these; one handler turns the code into a status, not each route. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  /** Seconds a client should wait before retrying (429). */
  readonly retryAfterSeconds: number | undefined;
  /** What the client must do about it, answered as the body's `code` (a step-up, two-factor). */
  readonly answerCode: ApiErrorCode | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      errors?: Record<string, string>;
      retryAfterSeconds?: number;
      answerCode?: ApiErrorCode;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.answerCode = options.answerCode;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'You need to sign in first');
export const forbidden = (message = 'You do not have access to this') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

/** What a request answers (503) while the database cannot be reached. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait (`Retry-After`) before trying again after a 503. */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;
