import { leaderboardQuerySchema } from '@shared/schema/gift-cards';
import {
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  likeResultSchema,
  pinPostSchema,
  postCommentSchema,
  postSchema,
} from '@shared/schema/posts';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { idParam } from '../lib/validate';
import { addComment, deletePost, pinPost, setLike } from '../services/posts/change-post';
import { createPost } from '../services/posts/create-post';
import { listFeed } from '../services/posts/list-feed';
import { shareLeaderboardPost } from '../services/posts/share-leaderboard-post';

const postIdParam = idParam('Post');
const periodBody = leaderboardQuerySchema.pick({ period: true });

export function postsRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Posts';
  return [
    defineRoute({
      method: 'get',
      path: '/posts',
      summary: 'The Pin Board: pinned posts first, then newest first',
      tag,
      access: 'signed-in',
      query: feedQuerySchema,
      answer: { kind: 'cursor', item: postSchema, description: 'One page of the feed' },
      handle: ({ user, query }) => listFeed(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/posts',
      summary: 'Write a post',
      tag,
      access: 'signed-in',
      body: createPostSchema,
      answer: { kind: 'json', status: 201, schema: postSchema, description: 'The new post' },
      handle: ({ user, body }) => createPost(db, user.id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/posts/leaderboard',
      summary: 'Share my place on the leaderboard as a post',
      tag,
      access: 'consumer',
      body: periodBody,
      answer: { kind: 'json', status: 201, schema: postSchema, description: 'The new post' },
      handle: ({ user, body }) => shareLeaderboardPost(db, user.id, body.period),
    }),
    defineRoute({
      method: 'delete',
      path: '/posts/:id',
      summary: 'Delete my post',
      tag,
      access: 'signed-in',
      params: postIdParam,
      answer: { kind: 'empty', description: 'The post is gone' },
      handle: ({ user, params }) => deletePost(db, user.id, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/posts/:id/pin',
      summary: 'Pin or unpin my post',
      tag,
      access: 'signed-in',
      params: postIdParam,
      body: pinPostSchema,
      answer: { kind: 'json', status: 200, schema: postSchema, description: 'The post' },
      handle: ({ user, params, body }) => pinPost(db, user.id, params.id, body.pinned),
    }),
    defineRoute({
      method: 'post',
      path: '/posts/:id/like',
      summary: 'Like a post',
      tag,
      access: 'signed-in',
      params: postIdParam,
      answer: {
        kind: 'json',
        status: 200,
        schema: likeResultSchema,
        description: 'The post’s likes now',
      },
      handle: ({ user, params }) => setLike(db, user.id, params.id, true),
    }),
    defineRoute({
      method: 'delete',
      path: '/posts/:id/like',
      summary: 'Take my like back',
      tag,
      access: 'signed-in',
      params: postIdParam,
      answer: {
        kind: 'json',
        status: 200,
        schema: likeResultSchema,
        description: 'The post’s likes now',
      },
      handle: ({ user, params }) => setLike(db, user.id, params.id, false),
    }),
    defineRoute({
      method: 'post',
      path: '/posts/:id/comments',
      summary: 'Comment on a post',
      tag,
      access: 'signed-in',
      params: postIdParam,
      body: createCommentSchema,
      answer: {
        kind: 'json',
        status: 201,
        schema: postCommentSchema,
        description: 'The new comment',
      },
      handle: ({ user, params, body }) => addComment(db, user.id, params.id, body.content),
    }),
  ];
}
