import QRCode from 'qrcode';
import { type Database } from '../../db/client';
import { findUserByUsername } from './find-user-by-username';

/** Rendering a 512 px PNG costs milliseconds of CPU; the same URL always gives the same image. */
const CACHE_SIZE = 1_000;
const rendered = new Map<string, Buffer>();

async function render(url: string): Promise<Buffer> {
  const cached = rendered.get(url);
  if (cached) {
    // Most recently used last, so the oldest is the first to go.
    rendered.delete(url);
    rendered.set(url, cached);
    return cached;
  }
  const png = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 512,
  });
  rendered.set(url, png);
  if (rendered.size > CACHE_SIZE) {
    const oldest = rendered.keys().next().value;
    if (oldest !== undefined) rendered.delete(oldest);
  }
  return png;
}

/** A PNG QR code of the profile's absolute URL (`origin` is where the app is served). */
export async function createProfileQrCode(
  db: Database,
  username: string,
  origin: string,
): Promise<{ png: Buffer; url: string }> {
  const user = await findUserByUsername(db, username);
  const url = `${origin}/u/${encodeURIComponent(user.username)}`;
  return { png: await render(url), url };
}
