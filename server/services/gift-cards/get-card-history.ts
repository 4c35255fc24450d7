import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { GIFT_CARD_MESSAGES, type GiftCardActivity } from '@shared/schema/gift-cards';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { queryRows } from '../../db/query-rows';
import { sqlInteger } from '../../db/sql-literals';
import { notFound } from '../../lib/errors';
import { type Page } from '../../lib/list-answer';
import {
  type CardActivityRow,
  type HistoryViewer,
  toGiftCardActivity,
} from './present-card-activity';

/**
 * Who held the card when the event (the row named `alias`, of the card `card`) happened: the one
 * the last issue or gift before it went to; for an event older than the card's recorded history,
 * whoever gave it away next; else `owner`, its holder now. The trigger that records a spend in
 * the holder's wallet (`wallet_card_movements_add_activities`, migration 0035) applies the same
 * rule in SQL; a test holds the two together.
 */
export function holderAtEvent(alias: string, card: SQLWrapper, owner: SQLWrapper): SQL {
  const event = sql.raw(alias);
  return sql`coalesce(
    (select h.recipient_id from gift_card_activities h
      where h.gift_card_id = ${card} and h.kind in ('issued', 'transferred')
        and (h.created_at, h.id) <= (${event}.created_at, ${event}.id)
      order by h.created_at desc, h.id desc limit 1),
    (select h.actor_id from gift_card_activities h
      where h.gift_card_id = ${card} and h.kind = 'transferred'
        and (h.created_at, h.id) > (${event}.created_at, ${event}.id)
      order by h.created_at, h.id limit 1),
    ${owner})`;
}

/**
 * The card, when the viewer may read its history: its holder, the business whose pin issued it, or
 * a business it was spent at (or whose value it returned to). Its placeholders are readableBy's;
 * the page statement starts with it, and asks it alone only when the page answered no row.
 */
const readableCard = sql`select c.id, c.owner_id from gift_cards c
  where c.id = ${sql.placeholder('cardId')}::int
    and case when ${sql.placeholder('consumer')}::boolean
          then c.owner_id = ${sql.placeholder('viewer')}::int
          else c.business_id = ${sql.placeholder('viewer')}::int
            or exists (select 1 from gift_card_activities dealt
                       where dealt.business_id = ${sql.placeholder('viewer')}::int
                         and dealt.gift_card_id = c.id)
        end`;

/** readableCard's placeholders for a viewer. */
const readableBy = (cardId: number, viewer: HistoryViewer) => ({
  cardId,
  viewer: viewer.id,
  consumer: viewer.type === 'consumer',
});

const readableCardAlone = preparedQuery<{ id: number }>('readable_card', () => readableCard);

const findReadableCard = async (db: Executor, cardId: number, viewer: HistoryViewer) =>
  (await readableCardAlone(db, 'all', readableBy(cardId, viewer)))[0];

/**
 * One page of a card's history with the count of all its lines, if the viewer may read it (no
 * row otherwise), prepared per page size: planning it (a union, four joins, the holder's two
 * subqueries) cost Postgres about three times what running it does, on every request. The access
 * check is part of the statement, so a page the viewer may read costs one round trip.
 */
const historyPage = preparedQuery<CardActivityRow & { total: number | string }, string>(
  'card_history_page',
  (limit) => {
    const cardId = sql`card.id`;
    const ownerId = sql`card.owner_id`;
    return sql`with card as materialized (${readableCard}),
        events as (
          select a.id, a.kind, a.amount_cents, a.balance_after_cents, a.actor_id, a.actor_name,
                 a.recipient_id, a.business_id, a.store_id, a.message, a.created_at
          from gift_card_activities a
          where a.gift_card_id = (select id from card)
          union all
          select 0, 'issued', c.value_cents, c.value_cents, c.business_id,
                 case when c.pin_id is null and c.source = 'guest_gift' then c.sender_name else '' end,
                 case when c.pin_id is not null then c.claimed_by
                      when c.source = 'guest_gift' then c.owner_id end,
                 c.business_id, p.location_id, '', c.created_at
          from gift_cards c
          left join pins p on p.id = c.pin_id
          where c.id = (select id from card)
            and not exists (select 1 from gift_card_activities i
                            where i.gift_card_id = c.id and i.kind = 'issued')
        )
        select e.id, ${cardId} as card_id, e.kind, e.amount_cents, e.balance_after_cents,
               e.actor_id, coalesce(actor.name, e.actor_name) as actor_name,
               e.recipient_id, recipient.name as recipient_name,
               business.name as business_name, store.name as store_name,
               store.brand_id as store_brand, e.message,
               ${holderAtEvent('e', cardId, ownerId)} as holder_id,
               case when e.kind = 'reissued'
                 then e.created_at + make_interval(years => ${PAID_CARD_EXPIRY_YEARS}) end
                 as reissued_until,
               e.created_at, count(*) over () as total
        from events e
        cross join card
        left join users actor on actor.id = e.actor_id
        left join users recipient on recipient.id = e.recipient_id
        left join users business on business.id = e.business_id
        left join stores store on store.id = e.store_id
        order by e.created_at desc, e.id desc
        limit ${sqlInteger(Number(limit))} offset ${sql.placeholder('offset')}`;
  },
);

/**
 * A card's history, newest first (as a statement reads, and as the wallet's own history does: the
 * first page holds what just happened, the card's issue comes last). A card issued before its
 * history was recorded starts with a line read from the card itself: issued when it was made,
 * with the value it was made with, by the business whose pin gave it. A card the viewer may not
 * read is not found, as a missing one.
 */
export async function getCardHistory(
  db: Executor,
  viewer: HistoryViewer,
  cardId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<GiftCardActivity>> {
  const rows = await historyPage(db, String(limit), {
    ...readableBy(cardId, viewer),
    offset: (page - 1) * limit,
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  // Every card's history has a line (its issue), so no row means a card the viewer may not read,
  // or a page past the last one.
  if (!rows[0]) {
    if (!(await findReadableCard(db, cardId, viewer))) throw notFound(GIFT_CARD_MESSAGES.notFound);
    total = await countEvents(db, cardId);
  }
  return { items: rows.map((row) => toGiftCardActivity(row, viewer)), page, limit, total };
}

/** How many lines the card's history has (past its last page, where no row carries the count). */
async function countEvents(db: Executor, cardId: number): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) + case when bool_or(kind = 'issued') then 0 else 1 end as total
        from gift_card_activities where gift_card_id = ${cardId}`,
  );
  return Number(row?.total ?? 1);
}
