/**
 * The profile's QR code (a PNG of the profile's absolute URL) is loaded by the browser as an
 * image, not fetched: the answer is a picture, so its address is all the page needs. The `/api`
 * prefix matches the api client's base.
 */
export function profileQrCodeUrl(username: string): string {
  return `/api/user/qr-code/${encodeURIComponent(username)}`;
}
