import { type RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_LIMITS } from '@shared/constants';
import { uploadsContracts as contracts } from '@shared/contracts/uploads';
import { POST_MESSAGES } from '@shared/schema/posts';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
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
    implement(
      contracts.create,
      async ({ user, request, body }) => {
        if (!request.file) throw new AppError('VALIDATION', POST_MESSAGES.uploadMissing);
        return storeUpload(db, {
          ownerId: user.id,
          bytes: request.file.buffer,
          dataDir: config.dataDir,
          purpose: body.purpose,
        });
      },
      // The contract's limit is taken before this reads the body: a refused upload costs no
      // bandwidth.
      { before: [readOneImage] },
    ),
  ];
}
