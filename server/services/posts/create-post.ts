import { and, eq, inArray } from 'drizzle-orm';
import { type createPostSchema, type Post, POST_MESSAGES } from '@shared/schema/posts';
import { postMentions, posts, uploads } from '@shared/tables/posts';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { UPLOADS_URL_PREFIX } from '../uploads/store-upload';
import { loadPost } from './load-posts';
import { notify } from '../notifications/notify';

type CreatePostData = z.output<typeof createPostSchema>;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', message, { errors: { [field]: message } });

/**
 * A post on the Pin Board. An image must be one the author uploaded here (never a link to
 * anywhere); mentioned users must exist.
 */
export async function createPost(
  db: Database,
  authorId: number,
  input: CreatePostData,
  options: { isLeaderboardPost?: boolean } = {},
): Promise<Post> {
  const id = await db.transaction(async (tx) => {
    let attachmentUrl: string | null = null;
    if (input.attachmentUrl) {
      const fileName = input.attachmentUrl.startsWith(UPLOADS_URL_PREFIX)
        ? input.attachmentUrl.slice(UPLOADS_URL_PREFIX.length)
        : '';
      const [upload] = fileName
        ? await tx
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.fileName, fileName), eq(uploads.ownerId, authorId)))
        : [];
      if (!upload) throw invalid('attachmentUrl', POST_MESSAGES.attachmentUnknown);
      attachmentUrl = input.attachmentUrl;
    }
    const mentioned = [...new Set(input.mentionedUserIds)];
    if (mentioned.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, mentioned));
      if (found.length !== mentioned.length) {
        throw invalid('mentionedUserIds', POST_MESSAGES.mentionUnknown);
      }
    }
    const [post] = await tx
      .insert(posts)
      .values({
        userId: authorId,
        content: input.content,
        attachmentUrl,
        attachmentType: attachmentUrl ? 'image' : null,
        isLeaderboardPost: options.isLeaderboardPost ?? false,
      })
      .returning({ id: posts.id });
    if (!post) throw new Error('Post was not created');
    if (mentioned.length > 0) {
      await tx
        .insert(postMentions)
        .values(mentioned.map((userId) => ({ postId: post.id, userId })));
      for (const userId of mentioned) {
        if (userId === authorId) continue;
        await notify(tx, {
          recipientId: userId,
          type: 'post_mention',
          actorId: authorId,
          referenceType: 'post',
          referenceId: post.id,
        });
      }
    }
    return post.id;
  });
  const post = await loadPost(db, id, authorId);
  if (!post) throw new Error('Created post not found');
  return post;
}
