import { sql } from 'drizzle-orm';
import { type Executor } from '../db/client';
import { queryRows } from '../db/query-rows';
import { holderAtEvent } from '../services/gift-cards/get-card-history';

/**
 * Every user's card movements as they follow from the gifts and the cards' histories, read whole:
 * what `wallet_card_movements` must hold (its triggers keep it a row at a time). The holder of a
 * card at an event is the TypeScript rule the card's history reads, so a check of the table
 * against this also holds the trigger's copy of the rule to it.
 */
export const expectedCardMovementsSql = sql`
  select g.sender_id as user_id, g.created_at, 'gs' || g.id::text as entry_id,
         'gift_sent' as kind, g.value_cents::bigint as amount_cents
  from gifts g where g.sender_id is not null
  union all
  select g.recipient_id, g.created_at, 'gr' || g.id::text, 'gift_received', g.value_cents::bigint
  from gifts g
  union all
  select holder.id, a.created_at,
         case when a.ledger_transaction_id is null then 'a' || a.id::text
              else 't' || a.ledger_transaction_id::text end,
         case when a.kind = 'spent' then 'redeem' else 'card_expiry' end, a.amount_cents::bigint
  from gift_card_activities a
  join gift_cards c on c.id = a.gift_card_id
  cross join lateral (select ${holderAtEvent('a', sql`a.gift_card_id`, sql`c.owner_id`)} as id) holder
  where a.kind in ('spent', 'refunded') and a.amount_cents > 0 and holder.id is not null
    and not exists (select 1 from ledger_transactions own
                    where own.id = a.ledger_transaction_id and own.user_id = holder.id)`;

/** How many card movements differ from what the gifts and the cards' histories say. */
export async function cardMovementDrift(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from (${expectedCardMovementsSql}) expected
        full join wallet_card_movements m using (user_id, created_at, entry_id)
        where (expected.kind, expected.amount_cents) is distinct from (m.kind, m.amount_cents)`,
  );
  return Number(row?.count);
}
