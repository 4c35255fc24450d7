import { type RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_LIMITS } from '@shared/constants';
import { POST_MESSAGES, uploadFormSchema, uploadResultSchema } from '@shared/schema/posts';
import { type RouteDependencies } from '../app-context';
import { accountRateLimit } from '../lib/account-rate-limit';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { AppError } from '../lib/errors';
import { storeUpload } from '../services/uploads/store-upload';

/** One file, in memory, at most 5 MB; anything bigger is cut off and answered 413. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: UPLOAD_LIMITS.maxBytes,
    files: UPLOAD_LIMITS.filesMax,
    fields: UPLOAD_LIMITS.fieldsMax,
  },
}).single('file');

/** Reads the one file of a multipart body; the parser's refusals become clear 4xx answers. */
const readOneImage: RequestHandler = (request, response, next) => {
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
};

export function uploadsRoutes({ db, config }: RouteDependencies): ApiRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/uploads',
      summary:
        'Upload an image (JPEG, PNG, GIF or WebP, at most 5 MB), stored re-encoded as WebP without its metadata',
      tag: 'Uploads',
      access: 'signed-in',
      upload: true,
      // The form's fields beside the file: what the image is for (how it is sized).
      body: uploadFormSchema,
      before: [
        // Counted before the body is read: a refused upload costs no bandwidth.
        accountRateLimit(db, {
          name: 'upload',
          limit: config.rateLimits.uploadsPerHour,
          windowSeconds: 60 * 60,
          message: POST_MESSAGES.uploadRateLimited,
        }),
        readOneImage,
      ],
      answer: {
        kind: 'json',
        status: 201,
        schema: uploadResultSchema,
        description:
          'Where the stored image is served (its small variant for lists beside it, named `<name>-small.webp`), its type and size',
      },
      handle: async ({ user, request, body }) => {
        if (!request.file) throw new AppError('VALIDATION', POST_MESSAGES.uploadMissing);
        return storeUpload(db, {
          ownerId: user.id,
          bytes: request.file.buffer,
          dataDir: config.dataDir,
          purpose: body.purpose,
        });
      },
    }),
  ];
}
