import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS, type UploadContentType, type UploadPurpose } from '@shared/constants';
import { POST_MESSAGES, type UploadResult } from '@shared/schema/posts';
import { uploads } from '@shared/tables/posts';
import { smallVariantName, UPLOADS_URL_PREFIX } from '@shared/uploads';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { reencodeImage, STORED_IMAGE_TYPE } from './reencode-image';

export { UPLOADS_URL_PREFIX };

export const uploadsDirectory = (dataDir: string) => path.resolve(dataDir, 'uploads');

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type the bytes really are (never the name or the browser's claim), or null. */
export function detectImageType(bytes: Buffer): UploadContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * Stores an uploaded image, decoded and encoded again (`reencodeImage`), under a name the server
 * makes, with its small variant beside it, and records who uploaded it. The answer describes what
 * was stored, not what was sent.
 */
export async function storeUpload(
  db: Database,
  input: { ownerId: number; bytes: Buffer; dataDir: string; purpose: UploadPurpose },
): Promise<UploadResult> {
  if (!detectImageType(input.bytes)) throw new AppError('VALIDATION', POST_MESSAGES.uploadType);
  if (input.bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', POST_MESSAGES.uploadTooLarge);
  }
  const image = await reencodeImage(input.bytes, input.purpose);
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  const directory = uploadsDirectory(input.dataDir);
  const files = [
    { file: path.join(directory, smallVariantName(fileName)), bytes: image.small },
    { file: path.join(directory, fileName), bytes: image.large },
  ];
  await fs.mkdir(directory, { recursive: true });
  const written: string[] = [];
  try {
    // The small one first: once the large one (the one the row names) exists, so does its variant.
    for (const { file, bytes } of files) {
      await fs.writeFile(file, bytes, { flag: 'wx' });
      written.push(file);
    }
    await db.insert(uploads).values({
      ownerId: input.ownerId,
      fileName,
      contentType: STORED_IMAGE_TYPE,
      sizeBytes: image.large.length,
    });
  } catch (error) {
    // Nothing half-stored: no file without its row.
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
  return {
    url: `${UPLOADS_URL_PREFIX}${fileName}`,
    contentType: STORED_IMAGE_TYPE,
    size: image.large.length,
  };
}
