import { DEFAULT_PHONE_PREFIX, LIMITS } from './constants';

/**
 * Normalises a phone number: trimmed; kept as typed when it starts
 * with '+'; otherwise only its digits are taken and prefixed with +1.
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  if (trimmed.startsWith('+')) return trimmed;
  return DEFAULT_PHONE_PREFIX + trimmed.replace(/\D/g, '');
}

/** A normalised number is valid when it has a plausible count of digits and only phone punctuation. */
export function isValidPhone(normalized: string): boolean {
  if (!/^\+[\d\s().-]+$/.test(normalized)) return false;
  const digits = normalized.replace(/\D/g, '').length;
  return digits >= LIMITS.phoneDigitsMin && digits <= LIMITS.phoneDigitsMax;
}
