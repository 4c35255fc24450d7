import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The cards a business's pins issued, from the pins alone: each pin's quantity − remaining (a
 * claim takes one in the transaction that issues the card, and nothing else lowers it), `cards`
 * of them and `cents` of face value. One index range of the business's pins, never a card: the
 * value chart and the wallet read it for a brand with a million cards as fast as for a shop.
 */
export const issuedByPinsSql = (businessId: SQLWrapper) =>
  sql`select coalesce(sum((p.quantity - p.remaining)::bigint * p.value_cents), 0)::bigint as cents,
             coalesce(sum(p.quantity - p.remaining), 0)::bigint as cards
      from pins p where p.business_id = ${businessId}`;
