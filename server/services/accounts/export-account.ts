import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars } from '@shared/money';
import { type AccountExport } from '@shared/schema/account-data';
import { brands } from '@shared/tables/brands';
import { friendships } from '@shared/tables/friends';
import { giftCards, giftRequests, gifts } from '@shared/tables/gift-cards';
import { identifiers } from '@shared/tables/identifiers';
import { ledgerAccounts, ledgerTransactions } from '@shared/tables/ledger';
import { blocks, conversationParticipants, messages } from '@shared/tables/messages';
import { notifications } from '@shared/tables/notifications';
import { postComments, posts } from '@shared/tables/posts';
import { userBrands, userIdentifiers, users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { unauthenticated } from '../../lib/errors';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Everything kept about the user, as the download answers it: one statement per kind of data
 * (never one per row), all read in one snapshot so the file is consistent with itself. Only the
 * user's own rows are read, and of other people only what the user already sees (their name and
 * username). Secrets stay out: the password hash, the two-factor secret and recovery codes, link
 * tokens, sessions, and the codes of gift cards (a code spends the card, so it has no place in a
 * file that may be kept anywhere).
 */
export async function exportAccount(db: Database, userId: number): Promise<AccountExport> {
  return db.transaction(
    async (tx) => {
      const [profile] = await tx
        .select({
          id: users.id,
          type: users.type,
          name: users.name,
          username: users.username,
          email: users.email,
          phone: users.phone,
          profilePicture: users.profilePicture,
          verified: users.verified,
          contactEmail: users.contactEmail,
          website: users.website,
          description: users.description,
          twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!profile) throw unauthenticated();

      const favouriteBrands = await tx
        .select({ id: brands.id, name: brands.name })
        .from(userBrands)
        .innerJoin(brands, eq(brands.id, userBrands.brandId))
        .where(eq(userBrands.userId, userId))
        .orderBy(asc(brands.id));

      const chosenIdentifiers = await tx
        .select({ id: identifiers.id, name: identifiers.name })
        .from(userIdentifiers)
        .innerJoin(identifiers, eq(identifiers.id, userIdentifiers.identifierId))
        .where(eq(userIdentifiers.userId, userId))
        .orderBy(asc(identifiers.id));

      // The other side of each accepted friendship, whichever side asked.
      const friends = await tx
        .select({
          username: users.username,
          name: users.name,
          since: friendships.respondedAt,
        })
        .from(friendships)
        .innerJoin(
          users,
          or(
            and(eq(friendships.requesterId, userId), eq(users.id, friendships.addresseeId)),
            and(eq(friendships.addresseeId, userId), eq(users.id, friendships.requesterId)),
          ),
        )
        .where(
          and(
            or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
            eq(friendships.status, 'accepted'),
          ),
        )
        .orderBy(asc(users.username));

      const ownPosts = await tx
        .select({
          id: posts.id,
          content: posts.content,
          attachmentUrl: posts.attachmentUrl,
          likeCount: posts.likeCount,
          commentCount: posts.commentCount,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .where(eq(posts.userId, userId))
        .orderBy(asc(posts.createdAt), asc(posts.id));

      const comments = await tx
        .select({
          id: postComments.id,
          postId: postComments.postId,
          content: postComments.content,
          createdAt: postComments.createdAt,
        })
        .from(postComments)
        .where(eq(postComments.userId, userId))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));

      const cards = await tx
        .select({
          id: giftCards.id,
          brand: brands.name,
          valueCents: giftCards.valueCents,
          balanceCents: sql<number>`coalesce(${ledgerAccounts.balanceCents}, 0)`.mapWith(Number),
          status: giftCards.status,
          source: giftCards.source,
          senderName: giftCards.senderName,
          expiresAt: giftCards.expiresAt,
          createdAt: giftCards.createdAt,
        })
        .from(giftCards)
        .innerJoin(brands, eq(brands.id, giftCards.brandId))
        .leftJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
        .where(eq(giftCards.ownerId, userId))
        .orderBy(asc(giftCards.createdAt), asc(giftCards.id));

      const sent = await tx
        .select({
          id: gifts.id,
          giftCardId: gifts.giftCardId,
          recipientUsername: users.username,
          recipientName: users.name,
          valueCents: gifts.valueCents,
          message: gifts.message,
          createdAt: gifts.createdAt,
        })
        .from(gifts)
        .innerJoin(users, eq(users.id, gifts.recipientId))
        .where(eq(gifts.senderId, userId))
        .orderBy(asc(gifts.createdAt), asc(gifts.id));

      const received = await tx
        .select({
          id: gifts.id,
          giftCardId: gifts.giftCardId,
          senderName: gifts.senderName,
          valueCents: gifts.valueCents,
          message: gifts.message,
          createdAt: gifts.createdAt,
        })
        .from(gifts)
        .where(eq(gifts.recipientId, userId))
        .orderBy(asc(gifts.createdAt), asc(gifts.id));

      const requests = await tx
        .select({
          id: giftRequests.id,
          requesterId: giftRequests.requesterId,
          otherUsername: users.username,
          otherName: users.name,
          brand: brands.name,
          amountCents: giftRequests.amountCents,
          message: giftRequests.message,
          status: giftRequests.status,
          createdAt: giftRequests.createdAt,
        })
        .from(giftRequests)
        .innerJoin(
          users,
          or(
            and(eq(giftRequests.requesterId, userId), eq(users.id, giftRequests.recipientId)),
            and(eq(giftRequests.recipientId, userId), eq(users.id, giftRequests.requesterId)),
          ),
        )
        .leftJoin(brands, eq(brands.id, giftRequests.brandId))
        .where(or(eq(giftRequests.requesterId, userId), eq(giftRequests.recipientId, userId)))
        .orderBy(asc(giftRequests.createdAt), asc(giftRequests.id));

      const transactions = await tx
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          amountCents: ledgerTransactions.amountCents,
          status: ledgerTransactions.status,
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.userId, userId))
        .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));

      const recipients = alias(users, 'message_recipients');
      const messagesSent = await tx
        .select({
          id: messages.id,
          toUsername: recipients.username,
          toName: recipients.name,
          text: messages.text,
          imageUrl: messages.imageUrl,
          deletedAt: messages.deletedAt,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .innerJoin(
          conversationParticipants,
          and(
            eq(conversationParticipants.conversationId, messages.conversationId),
            eq(conversationParticipants.userId, userId),
          ),
        )
        .innerJoin(recipients, eq(recipients.id, conversationParticipants.otherUserId))
        .where(eq(messages.senderId, userId))
        .orderBy(asc(messages.id));
      const blocked = await tx
        .select({ username: users.username, name: users.name })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(asc(blocks.createdAt), asc(blocks.blockedId));

      const ownNotifications = await tx
        .select({
          id: notifications.id,
          type: notifications.type,
          message: notifications.message,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.recipientId, userId))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));

      return {
        exportedAt: new Date().toISOString(),
        profile: { ...profile, createdAt: iso(profile.createdAt) },
        brands: favouriteBrands,
        identifiers: chosenIdentifiers,
        friends: friends.map((friend) => ({
          username: friend.username,
          name: friend.name,
          since: friend.since ? iso(friend.since) : null,
        })),
        posts: ownPosts.map((post) => ({ ...post, createdAt: iso(post.createdAt) })),
        comments: comments.map((comment) => ({ ...comment, createdAt: iso(comment.createdAt) })),
        giftCards: cards.map(({ valueCents, balanceCents, ...card }) => ({
          id: card.id,
          brand: card.brand,
          value: centsToDollars(valueCents),
          balance: centsToDollars(balanceCents),
          status: card.status,
          source: card.source,
          senderName: card.senderName,
          expiresAt: iso(card.expiresAt),
          createdAt: iso(card.createdAt),
        })),
        giftsSent: sent.map((gift) => ({
          id: gift.id,
          giftCardId: gift.giftCardId,
          recipient: { username: gift.recipientUsername, name: gift.recipientName },
          value: centsToDollars(gift.valueCents),
          message: gift.message,
          createdAt: iso(gift.createdAt),
        })),
        giftsReceived: received.map((gift) => ({
          id: gift.id,
          giftCardId: gift.giftCardId,
          senderName: gift.senderName,
          value: centsToDollars(gift.valueCents),
          message: gift.message,
          createdAt: iso(gift.createdAt),
        })),
        giftRequests: requests.map((request) => ({
          id: request.id,
          direction: request.requesterId === userId ? ('sent' as const) : ('received' as const),
          other: { username: request.otherUsername, name: request.otherName },
          brand: request.brand,
          amount: request.amountCents === null ? null : centsToDollars(request.amountCents),
          message: request.message,
          status: request.status,
          createdAt: iso(request.createdAt),
        })),
        transactions: transactions.map(({ amountCents, ...transaction }) => ({
          ...transaction,
          amount: centsToDollars(amountCents),
          createdAt: iso(transaction.createdAt),
        })),
        messagesSent: messagesSent.map((message) => ({
          id: message.id,
          to: { username: message.toUsername, name: message.toName },
          text: message.text,
          imageUrl: message.imageUrl,
          deleted: message.deletedAt !== null,
          createdAt: iso(message.createdAt),
        })),
        blocked,
        notifications: ownNotifications.map((notification) => ({
          id: notification.id,
          type: notification.type,
          message: notification.message,
          read: notification.readAt !== null,
          createdAt: iso(notification.createdAt),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
