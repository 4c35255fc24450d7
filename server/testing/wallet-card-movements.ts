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

/** How many movements and monthly totals differ from what the gifts and histories say. */
export async function cardMovementDrift(db: Executor) {
  const [row] = await queryRows<{ movements: string | number; months: string | number }>(
    db,
    sql`select
      (select count(*) from (${expectedCardMovementsSql}) expected
         full join wallet_card_movements m using (user_id, created_at, entry_id)
       where (expected.kind, expected.amount_cents) is distinct from (m.kind, m.amount_cents))
        as movements,
      (select count(*) from (
         select m.user_id, date_trunc('month', m.created_at at time zone 'UTC')::date as month,
                count(*) as movements,
                count(*) filter (where m.kind in ('gift_sent', 'gift_received')) as gifts,
                coalesce(sum(m.amount_cents) filter (where m.kind = 'gift_received'), 0)
                  as received_cents,
                coalesce(sum(m.amount_cents) filter (where m.kind = 'gift_sent'), 0) as sent_cents,
                sum(case when m.kind = 'gift_received' then m.amount_cents else -m.amount_cents end)
                  as net_cents
         from wallet_card_movements m group by 1, 2
       ) expected full join wallet_card_months w using (user_id, month)
       where (expected.movements, expected.gifts, expected.received_cents, expected.sent_cents,
              expected.net_cents)
         is distinct from (w.movements, w.gifts, w.received_cents, w.sent_cents, w.net_cents))
        as months`,
  );
  return { movements: Number(row?.movements), months: Number(row?.months) };
}
