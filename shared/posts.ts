import { UPLOAD_LIMITS } from './constants';

/**
 * The Pin Board's and the uploads' messages: plain values, apart from the zod schemas of
 * shared/schema/posts.ts (which re-exports them), so that the Pin Board's composer, which shows
 * them, does not load zod and build those schemas on a phone's main thread.
 */
export const POST_MESSAGES = {
  contentRequired: 'Post content is required',
  commentRequired: 'Comment content is required',
  notFound: 'Post not found',
  notAuthor: 'Only the author can do this',
  attachmentUnknown: 'The image must be uploaded first',
  mentionUnknown: 'Mentioned user not found',
  uploadType: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  uploadTooLarge: `Images can be at most ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB`,
  uploadMissing: 'Choose an image to upload',
  uploadOneFile: 'Upload one image at a time',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  uploadRateLimited: 'Too many uploads. Please try again later.',
  uploadTooManyPixels: `Images can be at most ${UPLOAD_LIMITS.maxInputPixels / 1_000_000} megapixels (an animation's frames count together)`,
  uploadTooLong: `Images can be at most ${UPLOAD_LIMITS.maxInputSide.toLocaleString('en-US')} pixels wide and ${UPLOAD_LIMITS.maxInputSide.toLocaleString('en-US')} pixels high`,
  uploadDamaged: 'The image could not be read: it may be damaged. Please try another one.',
  uploadPurpose: "purpose must be 'post' or 'avatar'",
} as const;
