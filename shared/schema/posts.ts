import { z } from 'zod';
import {
  ID_MAX,
  POST_ATTACHMENT_TYPES,
  POST_LIMITS,
  UPLOAD_IMAGE_SIZES,
  UPLOAD_LIMITS,
  UPLOAD_PURPOSES,
} from '../constants';
import { isoDateTime } from './answer-fields';
import { POST_MESSAGES } from '../posts';

// ---------------------------------------------------------------------------------------------
// Messages and requests
// ---------------------------------------------------------------------------------------------

export { POST_MESSAGES };

/** The form fields sent beside the file of an upload (all optional). */
export const uploadFormSchema = z.object({
  purpose: z
    .enum(UPLOAD_PURPOSES, { error: POST_MESSAGES.uploadPurpose })
    .default('post')
    .describe(
      `'post': at most ${UPLOAD_IMAGE_SIZES.post.large} px on its long side; 'avatar': cropped to a ${UPLOAD_IMAGE_SIZES.avatar.large} px square`,
    ),
});
export type UploadForm = z.infer<typeof uploadFormSchema>;

export const createPostSchema = z.object({
  content: z
    .string({ error: POST_MESSAGES.contentRequired })
    .trim()
    .min(1, POST_MESSAGES.contentRequired)
    .max(POST_LIMITS.contentMax, `Posts can be at most ${POST_LIMITS.contentMax} characters`),
  attachmentUrl: z.string().trim().max(POST_LIMITS.attachmentUrlMax).nullish(),
  attachmentType: z
    .enum(POST_ATTACHMENT_TYPES, { error: "attachmentType must be 'image'" })
    .nullish(),
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
  cursor: z
    .string()
    .trim()
    .max(POST_LIMITS.cursorMax)
    .optional()
    .describe("The `next` link's cursor; none for the newest posts"),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${POST_LIMITS.pageSizeMax}`)
    .max(POST_LIMITS.pageSizeMax, `limit must be between 1 and ${POST_LIMITS.pageSizeMax}`)
    .default(POST_LIMITS.pageSizeDefault)
    .describe(`How many posts a page holds, at most ${POST_LIMITS.pageSizeMax}`),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** Who wrote a post or a comment: public fields only. */
export const postAuthorSchema = z
  .object({
    name: z.string(),
    username: z.string(),
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
  })
  .describe('Who wrote a post or a comment');
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** A comment on a post. */
export const postCommentSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    createdAt: isoDateTime(),
    user: postAuthorSchema,
  })
  .describe('A comment on a post');
export type PostComment = z.infer<typeof postCommentSchema>;

/** A post of the Pin Board as the signed-in viewer sees it (liked by them or not). */
export const postSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    user: postAuthorSchema,
    content: z.string(),
    createdAt: isoDateTime(),
    attachmentUrl: z.string().nullable(),
    attachmentType: z.literal('image').nullable(),
    mentionedUserIds: z.array(z.number().int()),
    likes: z.number().int(),
    commentCount: z.number().int(),
    /** Whether the viewer likes it. */
    isLiked: z.boolean().describe('Whether the viewer likes it'),
    isPinned: z.boolean(),
    isLeaderboardPost: z.boolean(),
    /** The newest comments, oldest first (all of them when there are few). */
    comments: z
      .array(postCommentSchema)
      .describe('The newest comments, oldest first (all of them when there are few)'),
  })
  .describe('A post of the Pin Board, with its newest comments');
export type Post = z.infer<typeof postSchema>;

/** A like or unlike: the post's count after it and whether the viewer likes it. */
export const likeResultSchema = z
  .object({ postId: z.number().int(), likes: z.number().int(), isLiked: z.boolean() })
  .describe("A post's like count after a like or unlike, and whether the viewer likes it");
export type LikeResult = z.infer<typeof likeResultSchema>;

/** An uploaded image as stored: where it is served, its type and its size in bytes. */
export const uploadResultSchema = z
  .object({
    url: z.string(),
    contentType: z.enum(UPLOAD_LIMITS.types),
    size: z.number().int().describe('Bytes'),
  })
  .describe('An uploaded image: where it is served, its type and its size');
export type UploadResult = z.infer<typeof uploadResultSchema>;
