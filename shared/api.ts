/**
 * What a refusal means when a client must act on it rather than only show it: confirm who you
 * are (password or authentication code) and retry, or turn on two-factor authentication first.
 */
export const API_ERROR_CODES = ['STEP_UP_REQUIRED', 'TWO_FACTOR_REQUIRED'] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The error body every `/api` failure answers with. */
export type ApiErrorBody = {
  message: string;
  errors?: Record<string, string>;
  /** Present only on the refusals a client handles by itself (see API_ERROR_CODES). */
  code?: ApiErrorCode;
};
