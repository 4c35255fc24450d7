import { randomInt } from 'node:crypto';
import { REDEMPTION_CODE } from '@shared/schema/gift-cards';

/**
 * A new counter code: each character drawn uniformly from the 32-letter alphabet by the system's
 * cryptographic random source (randomInt draws without modulo bias), so all 2^40 codes are equally
 * likely.
 */
export function generateRedemptionCode(): string {
  let code = '';
  for (let index = 0; index < REDEMPTION_CODE.length; index++) {
    code += REDEMPTION_CODE.alphabet[randomInt(REDEMPTION_CODE.alphabet.length)];
  }
  return code;
}

/** The Redeem screen's address, which the QR code links to with the code. */
export const REDEEM_SCREEN_PATH = '/redeem';

/** What the QR code holds: a link to the Redeem screen with the code, for any camera. */
export function redemptionLink(publicUrl: string, code: string): string {
  return `${publicUrl}${REDEEM_SCREEN_PATH}?code=${code}`;
}

/** A person's first name, as the cashier greets them (the name's first word). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
