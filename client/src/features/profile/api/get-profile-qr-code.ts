import { profilesContracts } from '@shared/contracts/profiles';
import { urlOf } from '@/lib/api-client';

/**
 * The profile's QR code (a PNG of the profile's absolute URL) is loaded by the browser as an
 * image, not fetched: the answer is a picture, so its address is all the page needs.
 */
export function profileQrCodeUrl(username: string): string {
  return urlOf(profilesContracts.qrCode, { params: { username } });
}
