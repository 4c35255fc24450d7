-- A business's promotional cards are those its pins issued (business_id), whoever holds them
-- now. The days counted only cards whose source was still 'pin_claim', but a card given on to a
-- friend becomes 'friend_gift' (the source says how its holder got it), so its spends, expiry and
-- refund were missing from its business's days. The rule is written again without that condition
-- and the days are counted again from the history.
CREATE OR REPLACE FUNCTION "business_card_days_apply"(sign integer, changed "gift_card_activities"[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "business_card_days" AS d
    ("business_id", "day", "redemptions", "redeemed_cents", "expired_cents", "returned_cents")
  SELECT c.business_id, (a.created_at AT TIME ZONE 'UTC')::date,
         sign * count(*) FILTER (WHERE a.kind = 'spent'),
         sign * coalesce(sum(a.amount_cents) FILTER (WHERE a.kind = 'spent'), 0),
         sign * coalesce(sum(a.balance_after_cents) FILTER (WHERE a.kind = 'expired'), 0),
         sign * coalesce(sum(a.amount_cents) FILTER (WHERE a.kind = 'refunded'), 0)
  FROM unnest(changed) a
  JOIN "gift_cards" c ON c.id = a.gift_card_id
  WHERE a.kind IN ('spent', 'expired', 'refunded')
    AND c.business_id IS NOT NULL
  GROUP BY 1, 2
  HAVING count(*) FILTER (WHERE a.kind = 'spent') > 0
      OR coalesce(sum(a.balance_after_cents) FILTER (WHERE a.kind = 'expired'), 0) <> 0
      OR coalesce(sum(a.amount_cents) FILTER (WHERE a.kind = 'refunded'), 0) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("business_id", "day") DO UPDATE SET
    "redemptions" = d."redemptions" + excluded."redemptions",
    "redeemed_cents" = d."redeemed_cents" + excluded."redeemed_cents",
    "expired_cents" = d."expired_cents" + excluded."expired_cents",
    "returned_cents" = d."returned_cents" + excluded."returned_cents";
  IF sign > 0 THEN
    RETURN;
  END IF;
  -- Only rows taken off can leave a day at zero.
  DELETE FROM "business_card_days"
  WHERE "redemptions" = 0 AND "redeemed_cents" = 0 AND "expired_cents" = 0
    AND "returned_cents" = 0
    AND ("business_id", "day") IN (
      SELECT c.business_id, (a.created_at AT TIME ZONE 'UTC')::date
      FROM unnest(changed) a JOIN "gift_cards" c ON c.id = a.gift_card_id);
END
$$;
--> statement-breakpoint
DELETE FROM "business_card_days";
--> statement-breakpoint
-- 100,000 cards at a time: one array of a big history would not fit in a value.
DO $$
DECLARE
  first_card integer;
BEGIN
  FOR first_card IN
    SELECT g FROM generate_series(
      0, (SELECT coalesce(max("gift_card_id"), 0) FROM "gift_card_activities"), 100000) AS g
  LOOP
    PERFORM "business_card_days_apply"(1, ARRAY(
      SELECT a FROM "gift_card_activities" a
      WHERE a.kind IN ('spent', 'expired', 'refunded')
        AND a.gift_card_id >= first_card AND a.gift_card_id < first_card + 100000));
  END LOOP;
END
$$;
