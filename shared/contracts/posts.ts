import { contractGroup, defineContract } from '../contract';
import { idParam } from '../params';
import { leaderboardQuerySchema } from '../schema/gift-cards';
import {
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  likeResultSchema,
  pinPostSchema,
  postCommentSchema,
  postSchema,
} from '../schema/posts';

const tag = 'Posts';

const postIdParam = idParam('Post');
const periodBody = leaderboardQuerySchema.pick({ period: true });

const noPost = 'No post has that id';
const notAuthor = 'The post is someone else’s';

export const postsContracts = contractGroup('posts', {
  feed: defineContract({
    method: 'get',
    path: '/posts',
    summary: 'The Pin Board: pinned posts first, then newest first',
    tag,
    access: 'signed-in',
    query: feedQuerySchema,
    answer: { kind: 'cursor', item: postSchema, description: 'One page of the feed' },
  }),
  create: defineContract({
    method: 'post',
    path: '/posts',
    summary: 'Write a post',
    tag,
    access: 'signed-in',
    body: createPostSchema,
    answer: { kind: 'json', status: 201, schema: postSchema, description: 'The new post' },
  }),
  shareLeaderboard: defineContract({
    method: 'post',
    path: '/posts/leaderboard',
    summary: 'Share my place on the leaderboard as a post',
    tag,
    access: 'consumer',
    body: periodBody,
    answer: { kind: 'json', status: 201, schema: postSchema, description: 'The new post' },
    errors: { 409: 'I have no place on the leaderboard for that period (no gift sent yet)' },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/posts/:id',
    summary: 'Delete my post',
    tag,
    access: 'signed-in',
    params: postIdParam,
    answer: { kind: 'empty', description: 'The post is gone' },
    errors: { 403: notAuthor, 404: noPost },
  }),
  pin: defineContract({
    method: 'post',
    path: '/posts/:id/pin',
    summary: 'Pin or unpin my post',
    tag,
    access: 'signed-in',
    params: postIdParam,
    body: pinPostSchema,
    answer: { kind: 'json', status: 200, schema: postSchema, description: 'The post' },
    errors: { 403: notAuthor, 404: noPost },
  }),
  like: defineContract({
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
    errors: { 404: noPost },
  }),
  unlike: defineContract({
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
    errors: { 404: noPost },
  }),
  comment: defineContract({
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
    errors: { 404: noPost },
  }),
});
