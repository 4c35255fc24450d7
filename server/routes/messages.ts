import { messagesContracts as contracts } from '@shared/contracts/messages';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { blockUser, unblockUser } from '../services/blocks/block-user';
import { listBlockedUsers } from '../services/blocks/list-blocked-users';
import { getConversationInfo } from '../services/messages/conversation-info';
import { deleteMessage } from '../services/messages/delete-message';
import { countUnreadMessages, listConversations } from '../services/messages/list-conversations';
import { markConversationRead } from '../services/messages/mark-conversation-read';
import { listConversationMessages } from '../services/messages/message-view';
import { reportMessage } from '../services/messages/report-message';
import { sendMessage } from '../services/messages/send-message';
import { signalTyping } from '../services/messages/signal-typing';

export function messagesRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.list, ({ user, query }) => listConversations(db, user.id, query)),
    implement(contracts.unreadCount, async ({ user }) => ({
      count: await countUnreadMessages(db, user.id),
    })),
    implement(contracts.thread, ({ user, params, query }) =>
      listConversationMessages(db, user.id, params.username, {
        before: query.cursor,
        limit: query.limit,
      }),
    ),
    implement(contracts.info, ({ user, params }) =>
      getConversationInfo(db, user.id, params.username),
    ),
    implement(contracts.send, async ({ user, params, body }) => {
      const { message, created } = await sendMessage(db, user, params.username, body);
      return reply(created ? 201 : 200, message);
    }),
    implement(contracts.markRead, ({ user, params, body }) =>
      markConversationRead(db, user, params.username, body.upTo),
    ),
    implement(contracts.typing, ({ user, params }) => signalTyping(db, user, params.username)),
    implement(contracts.remove, ({ user, params }) =>
      deleteMessage(db, user, params.username, params.id),
    ),
    implement(contracts.report, ({ user, params, body }) =>
      reportMessage(db, user.id, params.username, params.id, body),
    ),
    implement(contracts.blocked, ({ user }) => listBlockedUsers(db, user.id)),
    implement(contracts.block, ({ user, params }) => blockUser(db, user.id, params.username)),
    implement(contracts.unblock, ({ user, params }) => unblockUser(db, user.id, params.username)),
  ];
}
