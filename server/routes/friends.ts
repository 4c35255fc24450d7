import { friendsContracts as contracts } from '@shared/contracts/friends';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import {
  listFriendRequests,
  listFriends,
  listPublicFriends,
} from '../services/friends/list-friends';
import { removeFriendship } from '../services/friends/remove-friendship';
import { respondFriendRequest } from '../services/friends/respond-friend-request';
import { sendFriendRequest } from '../services/friends/send-friend-request';
import { suggestFriends } from '../services/friends/suggest-friends';
import { findUserByUsername } from '../services/profiles/find-user-by-username';
import { searchUsers } from '../services/users/search-users';

export function friendsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.sendRequest, async ({ user, body }) => {
      const { result, created } = await sendFriendRequest(db, user.id, body.username);
      return reply(created ? 201 : 200, result);
    }),
    implement(contracts.respond, ({ user, body }) => respondFriendRequest(db, user.id, body)),
    implement(contracts.remove, ({ user, params }) => removeFriendship(db, user.id, params.id)),
    implement(contracts.requests, ({ user }) => listFriendRequests(db, user.id)),
    implement(contracts.suggested, ({ user, query }) => suggestFriends(db, user.id, query.limit)),
    implement(contracts.search, async ({ user, query }) => {
      const found = await searchUsers(db, user.id, { q: query.query });
      const friendsFirst = [
        ...found.filter((candidate) => candidate.friendshipStatus === 'accepted'),
        ...found.filter((candidate) => candidate.friendshipStatus !== 'accepted'),
      ];
      return friendsFirst.map(({ id, name, username, profilePicture }) => ({
        id,
        name,
        username,
        profilePicture,
      }));
    }),
    implement(contracts.list, ({ user }) => listFriends(db, user.id)),
    implement(contracts.ofUser, async ({ params }) => {
      const owner = await findUserByUsername(db, params.username);
      return listPublicFriends(db, owner.id);
    }),
  ];
}
