import { postsContracts as contracts } from '@shared/contracts/posts';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { addComment, deletePost, pinPost, setLike } from '../services/posts/change-post';
import { createPost } from '../services/posts/create-post';
import { listFeed } from '../services/posts/list-feed';
import { shareLeaderboardPost } from '../services/posts/share-leaderboard-post';

export function postsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.feed, ({ user, query }) => listFeed(db, user.id, query)),
    implement(contracts.create, ({ user, body }) => createPost(db, user.id, body)),
    implement(contracts.shareLeaderboard, ({ user, body }) =>
      shareLeaderboardPost(db, user.id, body.period),
    ),
    implement(contracts.remove, ({ user, params }) => deletePost(db, user.id, params.id)),
    implement(contracts.pin, ({ user, params, body }) =>
      pinPost(db, user.id, params.id, body.pinned),
    ),
    implement(contracts.like, ({ user, params }) => setLike(db, user.id, params.id, true)),
    implement(contracts.unlike, ({ user, params }) => setLike(db, user.id, params.id, false)),
    implement(contracts.comment, ({ user, params, body }) =>
      addComment(db, user.id, params.id, body.content),
    ),
  ];
}
