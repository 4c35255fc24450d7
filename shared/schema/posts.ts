import { z } from 'zod';
import { ID_MAX } from '../constants';

// ---------------------------------------------------------------------------------------------
// Limits, messages and requests
// ---------------------------------------------------------------------------------------------

export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Checked by the file's bytes, never its name. */
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const,
} as const;
export type UploadContentType = (typeof UPLOAD_LIMITS.types)[number];

export const POST_LIMITS = {
  contentMax: 2000,
  commentMax: 1000,
  mentionsMax: 20,
  pageSizeDefault: 10,
  pageSizeMax: 50,
  /** Comments sent with each post in the feed (the newest ones). */
  commentsPreview: 3,
} as const;

export const POST_MESSAGES = {
  contentRequired: 'Post content is required',
  commentRequired: 'Comment content is required',
  notFound: 'Post not found',
  notAuthor: 'Only the author can do this',
  attachmentUnknown: 'The image must be uploaded first',
  mentionUnknown: 'Mentioned user not found',
  uploadType: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  uploadTooLarge: 'Images can be at most 5 MB',
  uploadMissing: 'Choose an image to upload',
  uploadOneFile: 'Upload one image at a time',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  uploadRateLimited: 'Too many uploads. Please try again later.',
} as const;

export const createPostSchema = z.object({
  content: z
    .string({ error: POST_MESSAGES.contentRequired })
    .trim()
    .min(1, POST_MESSAGES.contentRequired)
    .max(POST_LIMITS.contentMax, `Posts can be at most ${POST_LIMITS.contentMax} characters`),
  attachmentUrl: z.string().trim().max(300).nullish(),
  attachmentType: z.enum(['image'], { error: "attachmentType must be 'image'" }).nullish(),
  mentionedUserIds: z
    .array(z.number().int().positive().max(ID_MAX, POST_MESSAGES.mentionUnknown), {
      error: 'mentionedUserIds must be a list of ids',
    })
    .max(POST_LIMITS.mentionsMax, 'Too many mentions')
    .default([]),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

export const createCommentSchema = z.object({
  content: z
    .string({ error: POST_MESSAGES.commentRequired })
    .trim()
    .min(1, POST_MESSAGES.commentRequired)
    .max(POST_LIMITS.commentMax, `Comments can be at most ${POST_LIMITS.commentMax} characters`),
});

export const pinPostSchema = z.object({
  pinned: z.boolean({ error: 'pinned must be true or false' }),
});

/** Cursor pagination: the cursor is opaque to the client (the last post's position). */
export const feedQuerySchema = z.object({
  cursor: z.string().trim().max(200).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${POST_LIMITS.pageSizeMax}`)
    .max(POST_LIMITS.pageSizeMax, `limit must be between 1 and ${POST_LIMITS.pageSizeMax}`)
    .default(POST_LIMITS.pageSizeDefault),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export type PostAuthor = {
  name: string;
  username: string;
  profilePicture: string | null;
  verified: boolean;
};

export type PostComment = {
  id: number;
  content: string;
  createdAt: string;
  user: PostAuthor;
};

export type Post = {
  id: number;
  userId: number;
  user: PostAuthor;
  content: string;
  createdAt: string;
  attachmentUrl: string | null;
  attachmentType: 'image' | null;
  mentionedUserIds: number[];
  likes: number;
  commentCount: number;
  isLiked: boolean;
  isPinned: boolean;
  isLeaderboardPost: boolean;
  /** The newest comments, oldest first (all of them when there are few). */
  comments: PostComment[];
};

export type LikeResult = { postId: number; likes: number; isLiked: boolean };

export type UploadResult = { url: string; contentType: UploadContentType; size: number };
