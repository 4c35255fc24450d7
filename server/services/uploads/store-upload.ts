import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS, type UploadContentType } from '@shared/constants';
import { POST_MESSAGES, type UploadResult } from '@shared/schema/posts';
import { uploads } from '@shared/tables/posts';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';

export const UPLOADS_URL_PREFIX = '/uploads/';

export const uploadsDirectory = (dataDir: string) => path.resolve(dataDir, 'uploads');

const EXTENSIONS: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

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

/** Saves an uploaded image under a name the server makes and records who uploaded it. */
export async function storeUpload(
  db: Database,
  input: { ownerId: number; bytes: Buffer; dataDir: string },
): Promise<UploadResult> {
  const contentType = detectImageType(input.bytes);
  if (!contentType) throw new AppError('VALIDATION', POST_MESSAGES.uploadType);
  if (input.bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', POST_MESSAGES.uploadTooLarge);
  }
  const fileName = `${randomBytes(16).toString('hex')}.${EXTENSIONS[contentType]}`;
  const directory = uploadsDirectory(input.dataDir);
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, fileName), input.bytes, { flag: 'wx' });
  await db.insert(uploads).values({
    ownerId: input.ownerId,
    fileName,
    contentType,
    sizeBytes: input.bytes.length,
  });
  return { url: `${UPLOADS_URL_PREFIX}${fileName}`, contentType, size: input.bytes.length };
}
