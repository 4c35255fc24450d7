import QRCode from 'qrcode';
import { type Database } from '../../db/client';
import { findUserByUsername } from './find-user-by-username';

/** A PNG QR code of the profile's absolute URL (`origin` is where the app is served). */
export async function createProfileQrCode(
  db: Database,
  username: string,
  origin: string,
): Promise<{ png: Buffer; url: string }> {
  const user = await findUserByUsername(db, username);
  const url = `${origin}/u/${encodeURIComponent(user.username)}`;
  const png = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 512,
  });
  return { png, url };
}
