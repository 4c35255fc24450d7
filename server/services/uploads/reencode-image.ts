import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { UPLOAD_IMAGE_SIZES, UPLOAD_LIMITS, type UploadPurpose } from '@shared/constants';
import { POST_MESSAGES } from '@shared/schema/posts';
import { AppError } from '../../lib/errors';
import { withDecodeSlot } from './decode-limit';

/**
 * Every stored image is WebP, whatever was uploaded. One format holds what the uploads need —
 * photos, transparency and animation — and every browser the client is built for shows it. At
 * 1600 px, photos and screenshots came out 10–35 % smaller than mozjpeg JPEGs of the same quality
 * setting and 3–40 times smaller than PNGs; an animated GIF over ten times smaller, and re-encoded
 * three times faster, than as a GIF.
 */
export const STORED_IMAGE_TYPE = 'image/webp';

const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;

export type ReencodedImage = { large: Buffer; small: Buffer };

const unreadable = () => new AppError('VALIDATION', POST_MESSAGES.uploadDamaged);

/** What the header says, without decoding the pixels; bytes that do not parse are unreadable. */
async function headerOf(bytes: Buffer): Promise<Metadata> {
  try {
    // No pixel limit here: the header is all this reads, and the limit is checked below with
    // its own message.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
}

/**
 * Decodes an uploaded image and encodes it again, large and small, so that what is stored is never
 * the uploaded bytes:
 * - turned upright by its EXIF orientation, then every piece of metadata dropped (EXIF with GPS,
 *   XMP, IPTC, comments); colours are converted to sRGB by the embedded ICC profile, which is not
 *   kept (an untagged image is sRGB to every browser);
 * - a post's image at most 1600 px on its long side (never enlarged), an avatar cropped to a
 *   512 px square around its centre; the small variants 640 px and 160 px, for lists;
 * - an animated GIF or WebP stays animated for a post (every frame resized, as an animated WebP);
 *   an avatar takes its first frame, still;
 * - an image declaring more than `UPLOAD_LIMITS.maxInputPixels` (every frame of an animation
 *   counted), or a side (a frame's) longer than `UPLOAD_LIMITS.maxInputSide`, is refused from its
 *   header, before anything is decoded: a decompression bomb costs the header's bytes; sharp's
 *   own `limitInputPixels` stands behind that check;
 * - at most `MAX_CONCURRENT_DECODES` images decode at once on an instance (`withDecodeSlot`), so
 *   uploads never hold every thread that sign-ins hash passwords on;
 * - bytes that do not decode cleanly (a cut or damaged file) are refused with 400.
 *
 * sharp works on libuv's thread pool, so the event loop goes on serving other requests meanwhile
 * (a 24-megapixel JPEG takes about 0.7 s of one core here, with the loop never held over 10 ms);
 * libvips' threads per image stay at sharp's default (the cores, or 1 on glibc without jemalloc).
 */
export async function reencodeImage(
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<ReencodedImage> {
  const header = await headerOf(bytes);
  const { width, height } = header;
  if (!width || !height) throw unreadable();
  const pages = header.pages ?? 1;
  const animated = purpose === 'post' && pages > 1;
  // Unless opened as an animation, `height` is the first frame's.
  const pixels = width * height * (animated ? pages : 1);
  if (pixels > UPLOAD_LIMITS.maxInputPixels) {
    throw new AppError('PAYLOAD_TOO_LARGE', POST_MESSAGES.uploadTooManyPixels);
  }
  // A line of pixels as long as the pixel limit allows is as slow to resize as a photo many times
  // its size: the sides are bounded too. (A frame's height: `pageHeight` where the header tells it.)
  const frameHeight = header.pageHeight ?? height;
  if (width > UPLOAD_LIMITS.maxInputSide || frameHeight > UPLOAD_LIMITS.maxInputSide) {
    throw new AppError('PAYLOAD_TOO_LARGE', POST_MESSAGES.uploadTooLong);
  }

  const sizes = UPLOAD_IMAGE_SIZES[purpose];
  const resize = (side: number): ResizeOptions =>
    purpose === 'avatar'
      ? { width: side, height: side, fit: 'cover', position: 'centre' }
      : { width: side, height: side, fit: 'inside', withoutEnlargement: true };
  return withDecodeSlot(async () => {
    try {
      const large = await sharp(bytes, {
        animated,
        limitInputPixels: UPLOAD_LIMITS.maxInputPixels,
        failOn: 'warning',
      })
        // Upright by the EXIF orientation, before the metadata holding it is dropped on output.
        .rotate()
        .resize(resize(sizes.large))
        .webp(WEBP_OPTIONS)
        .toBuffer();
      // The small one from the large: one decode of the upload, the same crop and orientation.
      const small = await sharp(large, { animated })
        .resize(resize(sizes.small))
        .webp(WEBP_OPTIONS)
        .toBuffer();
      return { large, small };
    } catch {
      throw unreadable();
    }
  });
}
