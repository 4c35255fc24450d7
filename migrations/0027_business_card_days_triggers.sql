-- Keeps business_card_days equal to what the history of each business's promotional cards
-- (source 'pin_claim') records per UTC day: spends ('spent': how many, and their value), the value
-- on a card when it expired ('expired': its balance_after_cents) and the value given back to the
-- business ('refunded'). Statement-level with transition tables: one grouped upsert per statement,
-- so the expiry sweep's batches and a bulk load cost one statement each, and a claim, whose history
-- row is 'issued', adds nothing. Updates and deletes take their old rows off and put their new
-- rows on (the history is append-only in the app; this keeps the days right after a manual fix).
-- A day whose numbers are all zero has no row. Rows are upserted in key order, so two statements
-- that touch the same days lock them in the same order.
--
-- business_card_days_apply adds (sign 1) or takes off (sign -1) the given history rows: the one
-- place the rule is written, for the triggers and for the history written before this migration.
-- PL/pgSQL rather than SQL: a session plans its statements once and keeps them, and a statement
-- with no spend, expiry or refund in it (a claim's, a gift's) returns before any of them runs.
CREATE FUNCTION "business_card_days_apply"(sign integer, changed "gift_card_activities"[])
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
    AND c.source = 'pin_claim' AND c.business_id IS NOT NULL
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
CREATE FUNCTION "business_card_days_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "business_card_days_apply"(-1, ARRAY(
      SELECT o::"gift_card_activities" FROM old_activities o
      WHERE o.kind IN ('spent', 'expired', 'refunded')));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "business_card_days_apply"(1, ARRAY(
      SELECT n::"gift_card_activities" FROM new_activities n
      WHERE n.kind IN ('spent', 'expired', 'refunded')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_days_insert" AFTER INSERT ON "gift_card_activities"
  REFERENCING NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "business_card_days_statement"();
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_days_update" AFTER UPDATE ON "gift_card_activities"
  REFERENCING OLD TABLE AS old_activities NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "business_card_days_statement"();
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_days_delete" AFTER DELETE ON "gift_card_activities"
  REFERENCING OLD TABLE AS old_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "business_card_days_statement"();
--> statement-breakpoint
-- The history written before this migration.
SELECT "business_card_days_apply"(1, ARRAY(
  SELECT a FROM "gift_card_activities" a WHERE a.kind IN ('spent', 'expired', 'refunded')));
