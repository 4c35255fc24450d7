/**
 * Where uploads are served and how a stored image's small variant is named: the server writes both
 * files, the client asks for the small one in lists; the name is derived, so no column holds it.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** A server-made name of an image stored with a small variant: 32 hex characters, `.webp`. */
const STORED_IMAGE = /^([0-9a-f]{32})\.webp$/;

/** The small variant's name beside a stored image: `<name>.webp` → `<name>-small.webp`. */
export function smallVariantName(fileName: string): string {
  const match = STORED_IMAGE.exec(fileName);
  if (!match) throw new Error(`${fileName} is not a stored image's name`);
  return `${match[1]}-small.webp`;
}

/**
 * The small variant's URL of an uploaded image's URL, or null for any other URL (a picture from
 * elsewhere, an upload stored before variants existed in another format).
 */
export function smallVariantUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const fileName = url.slice(UPLOADS_URL_PREFIX.length);
  return STORED_IMAGE.test(fileName) ? `${UPLOADS_URL_PREFIX}${smallVariantName(fileName)}` : null;
}
