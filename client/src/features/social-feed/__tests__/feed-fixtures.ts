import { type Post, type PostAuthor, type PostComment } from '@shared/schema/posts';
import { buildUser } from '@/testing/fixtures';

/** The signed-in consumer: Casey, id 1. */
export const casey = buildUser({ id: 1, name: 'Casey Consumer', username: 'casey' });

export const caseyAuthor: PostAuthor = {
  name: 'Casey Consumer',
  username: 'casey',
  profilePicture: null,
  verified: false,
};

export const alexAuthor: PostAuthor = {
  name: 'Alex Rivera',
  username: 'alex',
  profilePicture: null,
  verified: true,
};

/** A few minutes before "now", so relative times read naturally. */
export const minutesAgo = (minutes: number) =>
  new Date(Date.now() - minutes * 60_000).toISOString();

export function buildPost(overrides: Partial<Post> & Pick<Post, 'id'>): Post {
  return {
    userId: 2,
    user: alexAuthor,
    content: `Post number ${overrides.id}`,
    createdAt: minutesAgo(5),
    attachmentUrl: null,
    attachmentType: null,
    mentionedUserIds: [],
    likes: 0,
    commentCount: 0,
    isLiked: false,
    isPinned: false,
    isLeaderboardPost: false,
    comments: [],
    ...overrides,
  };
}

export function buildComment(overrides: Partial<PostComment> & Pick<PostComment, 'id'>) {
  return {
    content: `Comment ${overrides.id}`,
    createdAt: minutesAgo(1),
    user: alexAuthor,
    ...overrides,
  } satisfies PostComment;
}
