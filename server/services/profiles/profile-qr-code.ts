import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import { type Database } from '../../db/client';
import { findUserByUsername } from './find-user-by-username';

/** Rendering a 512 px PNG costs milliseconds of CPU; the same URL always gives the same image. */
const rendered = new LRUCache<string, Buffer>({ max: 1_000 });

async function render(url: string): Promise<Buffer> {
  const cached = rendered.get(url);
  if (cached) return cached;
  const png = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 512,
  });
  rendered.set(url, png);
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
