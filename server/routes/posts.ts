import { Router } from 'express';
import { leaderboardQuerySchema } from '@shared/schema/gift-cards';
import {
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  pinPostSchema,
} from '@shared/schema/posts';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireSession, requireUser } from '../auth/guards';
import { parseInput, idParam } from '../lib/validate';
import { addComment, deletePost, pinPost, setLike } from '../services/posts/change-post';
import { createPost } from '../services/posts/create-post';
import { listFeed } from '../services/posts/list-feed';
import { sendCursorPage } from '../lib/list-answer';
import { shareLeaderboardPost } from '../services/posts/share-leaderboard-post';

const postIdParam = idParam('Post');
const periodBody = leaderboardQuerySchema.pick({ period: true });

export function postsRouter({ db }: RouteDependencies): Router {
  const router = Router();

  router.get('/posts', requireSession, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(feedQuerySchema, request.query);
    sendCursorPage(request, response, await listFeed(db, user.id, query));
  });

  router.post('/posts', requireSession, async (request, response) => {
    const user = requireUser(request);
    const input = parseInput(createPostSchema, request.body);
    response.status(201).json(await createPost(db, user.id, input));
  });

  router.post('/posts/leaderboard', requireRole('consumer'), async (request, response) => {
    const user = requireUser(request);
    const { period } = parseInput(periodBody, request.body);
    response.status(201).json(await shareLeaderboardPost(db, user.id, period));
  });

  router.delete('/posts/:id', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(postIdParam, request.params);
    await deletePost(db, user.id, id);
    response.status(204).end();
  });

  router.post('/posts/:id/pin', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(postIdParam, request.params);
    const { pinned } = parseInput(pinPostSchema, request.body);
    response.json(await pinPost(db, user.id, id, pinned));
  });

  router.post('/posts/:id/like', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(postIdParam, request.params);
    response.json(await setLike(db, user.id, id, true));
  });

  router.delete('/posts/:id/like', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(postIdParam, request.params);
    response.json(await setLike(db, user.id, id, false));
  });

  router.post('/posts/:id/comments', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(postIdParam, request.params);
    const { content } = parseInput(createCommentSchema, request.body);
    response.status(201).json(await addComment(db, user.id, id, content));
  });

  return router;
}
