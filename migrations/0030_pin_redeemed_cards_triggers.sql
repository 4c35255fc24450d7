-- Keeps pin_redeemed_cards equal to how many of each pin's cards have at least one spend ('spent'
-- in the card's history), for the business's pin list. Statement-level with transition tables,
-- as business_card_days (migration 0027): a claim or a gift, whose history rows are not spends,
-- adds nothing.
--
-- pin_redeemed_cards_apply is given the spends a statement took out of the history and those it
-- put in (an update both). For each card they touch, it counts the card's spends now (after the
-- statement) and so before it (now - put in + taken out): the card counts for its pin when it goes
-- from none to some, and stops counting when it goes from some to none. A count that reaches zero
-- has no row. Rows are upserted in key order, so two statements lock them in the same order. A
-- card's spends are written under the card's lock (the counter's redemption), so two statements
-- never decide about one card at once.
CREATE FUNCTION "pin_redeemed_cards_apply"(
  removed "gift_card_activities"[], added "gift_card_activities"[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(removed) = 0 AND cardinality(added) = 0 THEN
    RETURN;
  END IF;
  WITH moved AS (
    SELECT m.gift_card_id, sum(m.step) AS net
    FROM (
      SELECT o.gift_card_id, -1 AS step FROM unnest(removed) o
      UNION ALL
      SELECT n.gift_card_id, 1 AS step FROM unnest(added) n
    ) m
    GROUP BY m.gift_card_id
  ), spends AS (
    -- A join rather than a count per card: a bulk load may run before the history's indexes exist.
    SELECT h.gift_card_id, count(*) AS now
    FROM "gift_card_activities" h
    WHERE h.kind = 'spent' AND h.gift_card_id IN (SELECT moved.gift_card_id FROM moved)
    GROUP BY h.gift_card_id
  ), counted AS (
    SELECT c.pin_id, sign(coalesce(s.now, 0)) - sign(coalesce(s.now, 0) - moved.net) AS change
    FROM moved
    JOIN "gift_cards" c ON c.id = moved.gift_card_id
    LEFT JOIN spends s ON s.gift_card_id = moved.gift_card_id
    WHERE c.pin_id IS NOT NULL
  )
  INSERT INTO "pin_redeemed_cards" AS r ("pin_id", "cards")
  SELECT counted.pin_id, sum(counted.change)::int
  FROM counted
  GROUP BY counted.pin_id
  HAVING sum(counted.change) <> 0
  ORDER BY counted.pin_id
  ON CONFLICT ("pin_id") DO UPDATE SET "cards" = r."cards" + excluded."cards";
  IF cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  -- Only spends taken out can bring a count to zero.
  DELETE FROM "pin_redeemed_cards"
  WHERE "cards" = 0
    AND "pin_id" IN (
      SELECT c.pin_id FROM unnest(removed) o JOIN "gift_cards" c ON c.id = o.gift_card_id);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "pin_redeemed_cards_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed "gift_card_activities"[] := '{}';
  added "gift_card_activities"[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o::"gift_card_activities" FROM old_activities o WHERE o.kind = 'spent');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT n::"gift_card_activities" FROM new_activities n WHERE n.kind = 'spent');
  END IF;
  PERFORM "pin_redeemed_cards_apply"(removed, added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_pin_redeemed_insert" AFTER INSERT ON "gift_card_activities"
  REFERENCING NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_redeemed_cards_statement"();
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_pin_redeemed_update" AFTER UPDATE ON "gift_card_activities"
  REFERENCING OLD TABLE AS old_activities NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_redeemed_cards_statement"();
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_pin_redeemed_delete" AFTER DELETE ON "gift_card_activities"
  REFERENCING OLD TABLE AS old_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_redeemed_cards_statement"();
--> statement-breakpoint
-- The history written before this migration, 100,000 cards at a time (one array of a big
-- history would not fit in a value), each card's spends in one call.
DO $$
DECLARE
  first_card integer;
BEGIN
  FOR first_card IN
    SELECT g FROM generate_series(
      0, (SELECT coalesce(max("gift_card_id"), 0) FROM "gift_card_activities"), 100000) AS g
  LOOP
    PERFORM "pin_redeemed_cards_apply"('{}', ARRAY(
      SELECT a FROM "gift_card_activities" a
      WHERE a.kind = 'spent' AND a.gift_card_id >= first_card AND a.gift_card_id < first_card + 100000));
  END LOOP;
END
$$;
