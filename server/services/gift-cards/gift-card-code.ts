import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

/** Crockford's base32: no I, L, O or U, so a code read aloud at the till cannot be misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new gift-card code: 80 random bits (well over the 64 that make guessing a code hopeless) as
 * 16 base32 characters in groups of four, e.g. 'K3QF-8ZT2-M9WX-4PRD'.
 */
export function generateGiftCardCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < 16; index += 1) {
    code = ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code.match(/.{4}/g)!.join('-');
}

/** The code as an SVG QR image in a data URL, for the cashier to scan. */
export async function giftCardQrCode(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
