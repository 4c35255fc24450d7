/**
 * What a refusal means when a client must act on it rather than only show it: confirm who you
 * are (password or authentication code) and retry, turn on two-factor authentication first, or
 * confirm with the password or a code because wrong tries have locked the wallet PIN; a counter
 * that does not accept a card's brand is offered the way to choose it in Settings.
 */
export const API_ERROR_CODES = [
  'STEP_UP_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'WALLET_PIN_LOCKED',
  'BRAND_NOT_ACCEPTED',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The error body every `/api` failure answers with. */
export type ApiErrorBody = {
  message: string;
  errors?: Record<string, string>;
  /** Present only on the refusals a client handles by itself (see API_ERROR_CODES). */
  code?: ApiErrorCode;
};
