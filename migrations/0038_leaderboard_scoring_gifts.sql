-- A card scores for its giver only the first time anyone gives it: a card passed back and forth
-- between two friends would otherwise add its value to both of them again with every pass. The
-- leaderboard's trigger function (migrations 0008 and 0012) now counts only the gifts marked
-- `scores`, which the statement inserting a gift decides (not when the card has a gift already).
CREATE OR REPLACE FUNCTION "leaderboard_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gift_senders integer[];
  gift_cents bigint[];
  gift_moments timestamptz[];
  emptied_periods text[];
  emptied_starts date[];
  emptied_totals bigint[];
BEGIN
  -- The scoring gifts that leave (negative) and arrive (positive); a transition table exists only
  -- for the operations that have it.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(g.sender_id), array_agg(-g.value_cents::bigint), array_agg(g.created_at)
    INTO gift_senders, gift_cents, gift_moments
    FROM removed_gifts g WHERE g.sender_id IS NOT NULL AND g.scores;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT gift_senders || array_agg(g.sender_id), gift_cents || array_agg(g.value_cents::bigint),
      gift_moments || array_agg(g.created_at)
    INTO gift_senders, gift_cents, gift_moments
    FROM added_gifts g WHERE g.sender_id IS NOT NULL AND g.scores;
  END IF;
  IF gift_senders IS NULL THEN
    RETURN NULL;
  END IF;

  WITH "changed" AS (
    SELECT p.period, p.period_start, g.sender_id AS user_id, sum(g.cents)::bigint AS cents
    FROM unnest(gift_senders, gift_cents, gift_moments) AS g (sender_id, cents, created_at)
    CROSS JOIN LATERAL "leaderboard_periods"(g.created_at) AS p
    GROUP BY p.period, p.period_start, g.sender_id
    HAVING sum(g.cents) <> 0
  ), "applied" AS (
    INSERT INTO "leaderboard_totals" AS t ("period", "period_start", "user_id", "total_cents")
    SELECT c.period, c.period_start, c.user_id, c.cents FROM "changed" c
    ORDER BY c.period, c.period_start, c.user_id
    ON CONFLICT ("period", "period_start", "user_id")
      DO UPDATE SET "total_cents" = t."total_cents" + excluded."total_cents"
    RETURNING t."period", t."period_start", t."user_id", t."total_cents"
  ), "moves" AS (
    SELECT a.period, a.period_start, a.total_cents - c.cents AS total_cents, -1 AS users
    FROM "applied" a JOIN "changed" c USING ("period", "period_start", "user_id")
    UNION ALL
    SELECT a.period, a.period_start, a.total_cents, 1 AS users FROM "applied" a
  ), "counted" AS (
    INSERT INTO "leaderboard_total_counts" AS n ("period", "period_start", "total_cents", "users")
    SELECT m.period, m.period_start, m.total_cents, sum(m.users)
    FROM "moves" m WHERE m.total_cents > 0
    GROUP BY m.period, m.period_start, m.total_cents
    HAVING sum(m.users) <> 0
    ORDER BY m.period, m.period_start, m.total_cents
    ON CONFLICT ("period", "period_start", "total_cents")
      DO UPDATE SET "users" = n."users" + excluded."users"
    RETURNING n."period", n."period_start", n."total_cents", n."users"
  )
  SELECT array_agg(e.period), array_agg(e.period_start), array_agg(e.total_cents)
  INTO emptied_periods, emptied_starts, emptied_totals
  FROM "counted" e WHERE e.users <= 0;

  -- Only gifts that leave can empty a row, and the rows they empty are locked by this statement.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "leaderboard_totals" t
    WHERE t."user_id" = ANY (gift_senders) AND t."total_cents" <= 0;
  END IF;
  IF emptied_periods IS NOT NULL THEN
    DELETE FROM "leaderboard_total_counts" n
    USING unnest(emptied_periods, emptied_starts, emptied_totals) AS e (period, period_start, total_cents)
    WHERE n."period" = e.period AND n."period_start" = e.period_start
      AND n."total_cents" = e.total_cents AND n."users" <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Gifts written before this migration: a gift scores if it is the first of its card (the smallest
-- id: a card's gifts are inserted one at a time under its row lock, so ids follow their order). The
-- update goes through the trigger above, which takes the gifts that stop scoring off their
-- senders' totals and moves those senders between the counts of their totals.
UPDATE "gifts" g SET "scores" = false
WHERE EXISTS (SELECT 1 FROM "gifts" e WHERE e.gift_card_id = g.gift_card_id AND e.id < g.id);
--> statement-breakpoint
-- Saved cards keep the token they were saved with: it becomes a reusable one, as saving a card now
-- exchanges its one-time token for.
UPDATE "test_payment_tokens" t SET "reusable" = true
WHERE EXISTS (SELECT 1 FROM "payment_methods" m WHERE m.provider_token = t.token);
