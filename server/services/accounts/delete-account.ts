import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ACCOUNT_DATA_MESSAGES, DELETED_USER_NAME } from '@shared/schema/account-data';
import { accountTokens, recoveryCodes } from '@shared/tables/accounts';
import { friendships } from '@shared/tables/friends';
import {
  giftCardActivities,
  giftCards,
  giftRequests,
  gifts,
  redemptionCodes,
} from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { blocks, messageReports, messages } from '@shared/tables/messages';
import { leads, notificationPreferences, notifications } from '@shared/tables/notifications';
import { paymentMethods, payoutAccounts } from '@shared/tables/payments';
import { pins } from '@shared/tables/pins';
import { postComments, postLikes, postMentions, posts, uploads } from '@shared/tables/posts';
import { profileReports, shareEvents } from '@shared/tables/profiles';
import { userBrands, userIdentifiers, users } from '@shared/tables/users';
import { smallVariantUrl, UPLOADS_URL_PREFIX } from '@shared/uploads';
import { verifyPassword } from '../../auth/password';
import { type Database, type Transaction } from '../../db/client';
import { equalsLiteral } from '../../db/sql-literals';
import { AppError, unauthenticated } from '../../lib/errors';
import { recomposePostActivity } from '../notifications/post-activity';
import { uploadsDirectory } from '../uploads/store-upload';

/**
 * What deleting an account does to each table that refers to users (shared/tables/). The account
 * row itself stays, erased, because money records point at it and are never deleted; everything
 * personal goes, and what other people keep shows the account as 'Deleted user'.
 *
 * - users: erased in place. Name 'Deleted user'; e-mail `deleted-<id>@invalid` and username
 *   `deleted-<id>` (neither can be registered: the hyphen is not allowed in a username and the
 *   address has no domain, so they never collide with a real account); phone, picture, website,
 *   description, contact e-mail, last-seen time and the two-factor secret nulled; the password
 *   hash replaced by a value no password matches; deleted_at set. Sign-in, profile pages,
 *   searches and username look-ups leave out deleted accounts.
 * - user_brands, user_identifiers, notification_preferences: removed.
 * - account_tokens, recovery_codes: removed, so no e-mailed link or recovery code works any more.
 * - session: every session ends, after the commit (the session store, on every instance).
 * - rate_limits: left to expire; they count events, not people.
 * - friendships: removed (pending, accepted and rejected alike), with the other side's
 *   notifications about them.
 * - posts (and their likes, comments and mentions, by cascade): removed. Their likes and comments
 *   on other people's posts are removed too, and those posts' counts lowered in the same
 *   statement. Mentions of them in others' posts are removed (the words stay the author's).
 * - uploads: the rows are removed, and the files after the commit (their pictures and post images).
 * - notifications: theirs removed; those they caused others about something now gone (a friend
 *   request, a gift request, a mention) removed; the grouped likes and comments notifications on
 *   posts they acted on recomposed from the people left (removed when nobody is); the others (a
 *   gift received, a lead, a card used) kept, naming 'Deleted user' instead of them.
 * - gift_requests: pending ones, either way, declined; the messages they wrote blanked; the rows
 *   stay as the other person's history.
 * - gifts, gift_cards, ledger_accounts, ledger_transactions, ledger_entries: kept as they are
 *   (money records are never deleted or rewritten, and the ledger stays balanced): the cards they
 *   hold stay theirs and show the deleted owner. Only the copies of their name that others see
 *   (the sender of a gift, the issuer of a claimed card) become 'Deleted user', and the messages
 *   they wrote on gifts (on the gift, the card they gave and its history) are blanked.
 * - payment_methods, payout_accounts, redemption_codes: removed (saved cards, the bank account,
 *   codes shown at a counter).
 * - pins, pin_identifiers, business_issued_totals: kept; a business may only go when no pin holds
 *   funds (checked first), so none stays offered.
 * - leaderboard_totals, leaderboard_total_counts: kept; triggers on gifts keep them, and the
 *   entries show 'Deleted user'.
 * - leads: a deleted business's own leads are removed (their customers' details, with no one to
 *   see them); a deleted consumer's lead at a business keeps its notes but loses their name,
 *   e-mail and phone and its link to them.
 * - share_events: the shares of their profile removed; shares they made kept without them.
 * - profile_reports: the reports they wrote removed; reports about them kept for review.
 * - messages: the words and images they sent blanked (the rows stay, deleted, in the other
 *   person's thread); their blocks, either way, and the message reports they wrote removed;
 *   reports about their messages kept for review.
 */

/** Kinds of notification whose object goes with the account that caused them. */
const SOCIAL_NOTIFICATIONS = [
  'friend_request_received',
  'friend_request_accepted',
  'gift_request_received',
  'post_mention',
] as const;

/** Never the output of hashPassword, so verifyPassword refuses every password against it. */
const UNUSABLE_PASSWORD_HASH = '!deleted';

export type DeleteAccountInput = {
  userId: number;
  password: string;
  /** Where uploads are kept (DATA_DIR). */
  dataDir: string;
};

/**
 * Deletes the account after checking its password (a wrong one answers 400, which the contract's
 * limit counts as failed sign-ins are counted). A balance, or pins still holding funds, must be withdrawn first (409),
 * since an erased account could never move them again. Everything is done in one transaction;
 * the caller then ends the user's sessions.
 */
export async function deleteAccount(db: Database, input: DeleteAccountInput): Promise<void> {
  const { userId } = input;
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!account) throw unauthenticated();
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    // The message alone, as sign-in answers: the form shows it under its one field.
    throw new AppError('VALIDATION', ACCOUNT_DATA_MESSAGES.wrongPassword);
  }
  const fileNames = await db.transaction((tx) => eraseAccount(tx, userId));
  await removeUploadedFiles(input.dataDir, fileNames);
}

/** The deletion itself; answers the names of the files the user uploaded. */
async function eraseAccount(tx: Transaction, userId: number): Promise<string[]> {
  // The row lock makes a second deletion at once wait, then find the account gone.
  const [user] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) throw unauthenticated();
  await requireNoFunds(tx, userId);
  const oldName = user.name;
  const deletedName = DELETED_USER_NAME;

  await tx.delete(userBrands).where(eq(userBrands.userId, userId));
  await tx.delete(userIdentifiers).where(eq(userIdentifiers.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .delete(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));

  // Their posts go with everything on them; their likes and comments elsewhere lower the counts
  // of the posts they were on, in the statement that removes them (the counts stay exact).
  await tx.delete(posts).where(eq(posts.userId, userId));
  // The posts they liked or commented on, whose authors' grouped notifications name them.
  const liked = await tx
    .selectDistinct({ postId: postLikes.postId })
    .from(postLikes)
    .where(eq(postLikes.userId, userId));
  const commented = await tx
    .selectDistinct({ postId: postComments.postId })
    .from(postComments)
    .where(eq(postComments.userId, userId));
  await tx.execute(sql`
    with removed as (
      delete from ${postComments} where ${postComments.userId} = ${userId} returning post_id
    )
    update ${posts} set comment_count = greatest(${posts.commentCount} - counted.removed, 0)
    from (select post_id, count(*)::int as removed from removed group by post_id) counted
    where ${posts.id} = counted.post_id`);
  await tx.execute(sql`
    with removed as (
      delete from ${postLikes} where ${postLikes.userId} = ${userId} returning post_id
    )
    update ${posts} set like_count = greatest(${posts.likeCount} - counted.removed, 0)
    from (select post_id, count(*)::int as removed from removed group by post_id) counted
    where ${posts.id} = counted.post_id`);
  await tx.delete(postMentions).where(eq(postMentions.userId, userId));
  const uploaded = await tx
    .delete(uploads)
    .where(eq(uploads.ownerId, userId))
    .returning({ fileName: uploads.fileName });

  await tx.delete(notifications).where(eq(notifications.recipientId, userId));
  // 'Ava and 3 others liked your post' is told again from the likes and comments left, so no
  // name of theirs stays in it (and it goes when they were the only one).
  for (const { postId } of liked) {
    await recomposePostActivity(tx, { type: 'post_liked', postId });
  }
  for (const { postId } of commented) {
    await recomposePostActivity(tx, { type: 'post_commented', postId });
  }
  await tx
    .delete(notifications)
    .where(
      and(eq(notifications.actorId, userId), inArray(notifications.type, SOCIAL_NOTIFICATIONS)),
    );
  // The texts that remain begin with their name ('Ava claimed your pin…') or end with it
  // ('…gift card from Ava'): only that part changes, never a word elsewhere in the text.
  const nameLength = oldName.length;
  const fromThem = ` from ${oldName}`;
  await tx
    .update(notifications)
    .set({
      actorId: null,
      actorName: deletedName,
      // A gift's text may go on with the giver's words ('…from Ava: "Happy birthday"'): their
      // words go with them, as their posts and comments do.
      message: sql`case
        when ${notifications.type} = 'gift_received' and strpos(${notifications.message}, ${fromThem}) > 0
          then left(${notifications.message}, strpos(${notifications.message}, ${fromThem}) - 1) || ${` from ${deletedName}`}
        when left(${notifications.message}, ${nameLength}) = ${oldName}
          then ${deletedName} || substr(${notifications.message}, ${nameLength + 1})
        when right(${notifications.message}, ${nameLength + 6}) = ${` from ${oldName}`}
          then left(${notifications.message}, length(${notifications.message}) - ${nameLength}) || ${deletedName}
        else ${notifications.message} end`,
    })
    .where(eq(notifications.actorId, userId));

  await tx
    .update(giftRequests)
    .set({
      status: sql`case when ${giftRequests.status} = 'pending' then 'declined' else ${giftRequests.status} end`,
      respondedAt: sql`case when ${giftRequests.status} = 'pending' then now() else ${giftRequests.respondedAt} end`,
      message: sql`case when ${giftRequests.requesterId} = ${userId} then '' else ${giftRequests.message} end`,
    })
    .where(or(eq(giftRequests.requesterId, userId), eq(giftRequests.recipientId, userId)));

  // Money records stay; only the copies of their name others read change, and the words they
  // wrote on their gifts go.
  await tx
    .update(giftCards)
    .set({ message: '' })
    .where(
      inArray(
        giftCards.id,
        tx
          .select({ id: gifts.giftCardId })
          .from(gifts)
          .where(
            and(
              eq(gifts.senderId, userId),
              // Only where their gift is the card's latest: a later giver's words are not theirs.
              sql`${gifts.id} = (select max(g.id) from ${gifts} g where g.gift_card_id = ${gifts.giftCardId})`,
            ),
          ),
      ),
    );
  await tx
    .update(gifts)
    .set({ senderName: deletedName, message: '' })
    .where(eq(gifts.senderId, userId));
  await tx
    .update(giftCardActivities)
    .set({ actorName: deletedName, message: '' })
    .where(eq(giftCardActivities.actorId, userId));
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  await tx.delete(redemptionCodes).where(eq(redemptionCodes.ownerId, userId));
  await tx
    .update(giftCards)
    .set({ senderName: deletedName })
    .where(
      and(
        eq(giftCards.senderName, oldName),
        or(
          and(eq(giftCards.source, 'pin_claim'), eq(giftCards.businessId, userId)),
          and(
            eq(giftCards.source, 'friend_gift'),
            inArray(
              giftCards.id,
              tx.select({ id: gifts.giftCardId }).from(gifts).where(eq(gifts.senderId, userId)),
            ),
          ),
        ),
      ),
    );

  await tx.delete(leads).where(eq(leads.businessId, userId));
  await tx
    .update(leads)
    .set({ consumerId: null, name: deletedName, email: '', phone: '', updatedAt: sql`now()` })
    .where(eq(leads.consumerId, userId));
  await tx.delete(shareEvents).where(eq(shareEvents.profileUserId, userId));
  await tx.update(shareEvents).set({ sharedBy: null }).where(eq(shareEvents.sharedBy, userId));
  await tx.delete(profileReports).where(eq(profileReports.reporterId, userId));
  await tx
    .update(messages)
    .set({ text: '', imageUrl: null, deletedAt: sql`coalesce(${messages.deletedAt}, now())` })
    .where(eq(messages.senderId, userId));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  await tx.delete(messageReports).where(eq(messageReports.reporterId, userId));

  await tx
    .update(users)
    .set({
      name: deletedName,
      email: `deleted-${userId}@invalid`,
      username: `deleted-${userId}`,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      phone: null,
      profilePicture: null,
      verified: false,
      lastSeenAt: null,
      contactEmail: null,
      website: null,
      description: null,
      passwordChangedAt: sql`now()`,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return uploaded.map((row) => row.fileName);
}

/**
 * 409 while the account holds money: its funds, or the reserves of its pins (an active pin's
 * unclaimed value, or an expired one's not yet refunded). The funds row is locked, so no movement
 * of this account's funds runs between the check and the commit.
 */
async function requireNoFunds(tx: Transaction, userId: number): Promise<void> {
  const [funds] = await tx
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), equalsLiteral(ledgerAccounts.kind, 'user_funds')))
    .for('update');
  if (funds && funds.balanceCents > 0) {
    throw new AppError('CONFLICT', ACCOUNT_DATA_MESSAGES.withdrawFirst);
  }
  const [reserved] = await tx
    .select({ pinId: pins.id })
    .from(pins)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.pinId, pins.id))
    .where(and(eq(pins.businessId, userId), gt(ledgerAccounts.balanceCents, 0)))
    .limit(1);
  if (reserved) throw new AppError('CONFLICT', ACCOUNT_DATA_MESSAGES.pinsFirst);
}

/** Removes the stored images (each with its small variant); a file already gone is no error. */
async function removeUploadedFiles(dataDir: string, fileNames: string[]): Promise<void> {
  const directory = uploadsDirectory(dataDir);
  const files = fileNames.flatMap((fileName) => {
    // Names are the server's own; anything that is not a plain file name is left alone.
    if (path.basename(fileName) !== fileName) return [];
    const small = smallVariantUrl(`${UPLOADS_URL_PREFIX}${fileName}`);
    return [fileName, ...(small ? [small.slice(UPLOADS_URL_PREFIX.length)] : [])];
  });
  await Promise.all(files.map((file) => fs.rm(path.join(directory, file), { force: true })));
}
