import { generateSecret, generateURI, verify } from 'otplib';
import { TWO_FACTOR } from '@shared/constants';

/** Codes change every 30 seconds, as every authenticator app expects. */
export const TOTP_PERIOD_SECONDS = 30;

/** The name authenticator apps list the account under. */
const ISSUER = 'mark.it';

/** A new secret: 20 random bytes (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, accountName: string): string =>
  generateURI({
    issuer: ISSUER,
    label: accountName,
    secret,
    digits: TWO_FACTOR.codeDigits,
    period: TOTP_PERIOD_SECONDS,
  });

/**
 * The time step a code belongs to, when it is right for this secret now (one step either side,
 * for a phone's clock a little off and the time the code takes to type) and newer than the last
 * step accepted; null otherwise. The library compares the codes in constant time.
 */
export async function matchTotpCode(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  const epoch = Math.floor(Date.now() / 1000);
  const currentStep = Math.floor(epoch / TOTP_PERIOD_SECONDS);
  // Every step of the window is already used up (the library refuses a bound beyond it).
  if (lastStep !== null && lastStep >= currentStep + 1) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch,
      period: TOTP_PERIOD_SECONDS,
      digits: TWO_FACTOR.codeDigits,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(lastStep !== null && lastStep >= 0 ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid ? currentStep + result.delta : null;
  } catch {
    // A token the library refuses to read (not six digits) is simply not right.
    return null;
  }
}
