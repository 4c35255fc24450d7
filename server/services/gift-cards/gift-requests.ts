import { and, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  GIFT_CARD_MESSAGES,
  type GiftRequest,
  type requestGiftSchema,
} from '@shared/schema/gift-cards';
import { giftRequests } from '@shared/tables/gift-cards';
import { brands } from '@shared/tables/brands';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, notFound } from '../../lib/errors';
import { findOtherConsumer } from './find-consumer';
import { notify } from '../notifications/notify';
import { type Page } from '../../lib/list-answer';

type RequestGiftData = z.output<typeof requestGiftSchema>;

const requestColumns = {
  id: giftRequests.id,
  requesterId: users.id,
  requesterName: users.name,
  requesterUsername: users.username,
  requesterPicture: users.profilePicture,
  brandId: giftRequests.brandId,
  amountCents: giftRequests.amountCents,
  message: giftRequests.message,
  status: giftRequests.status,
  createdAt: giftRequests.createdAt,
};

type RequestRow = {
  id: number;
  requesterId: number;
  requesterName: string;
  requesterUsername: string;
  requesterPicture: string | null;
  brandId: string | null;
  amountCents: number | null;
  message: string;
  status: GiftRequest['status'];
  createdAt: Date;
};

function toGiftRequest(row: RequestRow): GiftRequest {
  return {
    id: row.id,
    requester: {
      id: row.requesterId,
      name: row.requesterName,
      username: row.requesterUsername,
      profilePicture: row.requesterPicture,
    },
    brand: row.brandId,
    amount: row.amountCents === null ? null : centsToDollars(row.amountCents),
    message: row.message,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

async function findRequest(db: Executor, id: number): Promise<GiftRequest | null> {
  const [row] = await db
    .select(requestColumns)
    .from(giftRequests)
    .innerJoin(users, eq(users.id, giftRequests.requesterId))
    .where(eq(giftRequests.id, id));
  return row ? toGiftRequest(row) : null;
}

/** A consumer asks another consumer for a gift card; one pending request per pair at a time. */
export async function requestGift(
  db: Database,
  requesterId: number,
  input: RequestGiftData,
): Promise<GiftRequest> {
  const id = await db
    .transaction(async (tx) => {
      const recipient = await findOtherConsumer(tx, input.username, requesterId, {
        self: GIFT_CARD_MESSAGES.selfRequest,
        consumersOnly: GIFT_CARD_MESSAGES.requestConsumersOnly,
      });
      if (input.brand) {
        const [brand] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(eq(brands.id, input.brand));
        if (!brand) {
          const message = `Unknown brand: ${input.brand}`;
          throw new AppError('VALIDATION', message, { errors: { brand: message } });
        }
      }
      const [created] = await tx
        .insert(giftRequests)
        .values({
          requesterId,
          recipientId: recipient.id,
          brandId: input.brand ?? null,
          amountCents: input.amount ?? null,
          message: input.message,
        })
        .returning({ id: giftRequests.id });
      if (!created) throw new Error('Gift request was not recorded');
      await notify(tx, {
        recipientId: recipient.id,
        type: 'gift_request_received',
        actorId: requesterId,
        amountCents: input.amount ?? null,
        referenceType: 'gift_request',
        referenceId: created.id,
      });
      return created.id;
    })
    .catch((error: unknown) => {
      // A unique index allows one pending request per pair.
      if (isUniqueViolation(error) === 'gift_requests_pending_pair_idx') {
        throw new AppError('CONFLICT', GIFT_CARD_MESSAGES.requestPending);
      }
      throw error;
    });
  const request = await findRequest(db, id);
  if (!request) throw new Error('Gift request not found');
  return request;
}

/** Pending requests others sent to this consumer, newest first. */
export async function listGiftRequests(
  db: Database,
  recipientId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<GiftRequest>> {
  const where = and(eq(giftRequests.recipientId, recipientId), eq(giftRequests.status, 'pending'));
  const [rows, totals] = await Promise.all([
    db
      .select(requestColumns)
      .from(giftRequests)
      .innerJoin(users, eq(users.id, giftRequests.requesterId))
      .where(where)
      .orderBy(desc(giftRequests.createdAt), desc(giftRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(giftRequests)
      .where(where),
  ]);
  return { items: rows.map(toGiftRequest), page, limit, total: totals[0]?.total ?? 0 };
}

/** The asked consumer declines a pending request. */
export async function declineGiftRequest(
  db: Database,
  recipientId: number,
  requestId: number,
): Promise<GiftRequest> {
  const [declined] = await db
    .update(giftRequests)
    .set({ status: 'declined', respondedAt: sql`now()` })
    .where(
      and(
        eq(giftRequests.id, requestId),
        eq(giftRequests.recipientId, recipientId),
        eq(giftRequests.status, 'pending'),
      ),
    )
    .returning({ id: giftRequests.id });
  if (!declined) {
    const [existing] = await db
      .select({ recipientId: giftRequests.recipientId })
      .from(giftRequests)
      .where(eq(giftRequests.id, requestId));
    if (!existing || existing.recipientId !== recipientId) {
      throw notFound(GIFT_CARD_MESSAGES.requestNotFound);
    }
    throw new AppError('CONFLICT', GIFT_CARD_MESSAGES.requestAnswered);
  }
  const request = await findRequest(db, requestId);
  if (!request) throw notFound(GIFT_CARD_MESSAGES.requestNotFound);
  return request;
}
