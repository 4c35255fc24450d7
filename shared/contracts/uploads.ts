import { contractGroup, defineContract } from '../contract';
import { POST_MESSAGES, uploadFormSchema, uploadResultSchema } from '../schema/posts';

export const uploadsContracts = contractGroup('uploads', {
  create: defineContract({
    method: 'post',
    path: '/uploads',
    summary:
      'Upload an image (JPEG, PNG, GIF or WebP, at most 5 MB), stored re-encoded as WebP without its metadata',
    tag: 'Uploads',
    access: 'signed-in',
    upload: true,
    // The form's fields beside the file: what the image is for (how it is sized).
    body: uploadFormSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: uploadResultSchema,
      description:
        'Where the stored image is served (its small variant for lists beside it, named `<name>-small.webp`), its type and size',
    },
    errors: {
      400: 'The file is not a JPEG, PNG, GIF or WebP image, or it cannot be decoded',
      413: 'The image has more pixels, or a longer side, than the server decodes',
    },
    rateLimits: [
      {
        name: 'upload',
        per: 'account-and-address',
        setting: 'uploadsPerHour',
        windowSeconds: 60 * 60,
        message: POST_MESSAGES.uploadRateLimited,
      },
    ],
  }),
});
