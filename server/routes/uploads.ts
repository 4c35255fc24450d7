import { Router } from 'express';
import multer from 'multer';
import { POST_MESSAGES, UPLOAD_LIMITS } from '@shared/schema/posts';
import { type RouteDependencies } from '../app-context';
import { requireSession, requireUser } from '../auth/guards';
import { accountRateLimit } from '../lib/account-rate-limit';
import { AppError } from '../lib/errors';
import { storeUpload } from '../services/uploads/store-upload';

/** One file, in memory, at most 5 MB; anything bigger is cut off and answered 413. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 5 },
}).single('file');

/** The one route that takes a multipart body (the API's preamble refuses it everywhere else). */
export const UPLOAD_PATH = '/uploads';

export function uploadsRouter({ db, config }: RouteDependencies): Router {
  const router = Router();

  router.post(
    UPLOAD_PATH,
    requireSession,
    accountRateLimit(db, {
      name: 'upload',
      limit: config.rateLimits.uploadsPerHour,
      windowSeconds: 60 * 60,
      message: POST_MESSAGES.uploadRateLimited,
    }),
    (request, response, next) => {
      upload(request, response, (error: unknown) => {
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') {
            return next(new AppError('PAYLOAD_TOO_LARGE', POST_MESSAGES.uploadTooLarge));
          }
          return next(
            new AppError(
              'VALIDATION',
              error.code === 'LIMIT_FILE_COUNT'
                ? POST_MESSAGES.uploadOneFile
                : POST_MESSAGES.uploadMissing,
            ),
          );
        }
        // The multipart parser's own errors (a body cut short, no boundary): the request is bad.
        if (error) return next(new AppError('VALIDATION', POST_MESSAGES.uploadUnreadable));
        next();
      });
    },
    async (request, response) => {
      const user = requireUser(request);
      if (!request.file) throw new AppError('VALIDATION', POST_MESSAGES.uploadMissing);
      const stored = await storeUpload(db, {
        ownerId: user.id,
        bytes: request.file.buffer,
        dataDir: config.dataDir,
      });
      response.status(201).json(stored);
    },
  );

  return router;
}
