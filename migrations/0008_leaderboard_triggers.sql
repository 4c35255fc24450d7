-- Keeps leaderboard_totals equal to the sums of `gifts` per sender and period, whatever writes gifts:
-- statement-level triggers with transition tables, so a bulk insert costs one grouped upsert.
-- The periods a moment belongs to: calendar week (from Monday), month and year in UTC, and 'all'.
-- The triggers file each gift under them and the leaderboard reads the periods of now().
CREATE FUNCTION "leaderboard_periods"("at" timestamptz) RETURNS TABLE ("period" text, "period_start" date)
LANGUAGE sql STABLE AS $$
  VALUES
    ('week', (date_trunc('week', "at" AT TIME ZONE 'UTC'))::date),
    ('month', (date_trunc('month', "at" AT TIME ZONE 'UTC'))::date),
    ('year', (date_trunc('year', "at" AT TIME ZONE 'UTC'))::date),
    ('all', DATE '1970-01-01')
$$;
--> statement-breakpoint
CREATE FUNCTION "leaderboard_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "leaderboard_totals" AS t ("period", "period_start", "user_id", "total_cents")
    SELECT p.period, p.period_start, g.sender_id, -sum(g.value_cents)
    FROM removed_gifts g
    CROSS JOIN LATERAL "leaderboard_periods"(g.created_at) AS p
    WHERE g.sender_id IS NOT NULL
    GROUP BY p.period, p.period_start, g.sender_id
    ON CONFLICT ("period", "period_start", "user_id")
      DO UPDATE SET "total_cents" = t."total_cents" + excluded."total_cents";
    DELETE FROM "leaderboard_totals" t
    WHERE t."user_id" IN (SELECT g.sender_id FROM removed_gifts g WHERE g.sender_id IS NOT NULL)
      AND t."total_cents" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "leaderboard_totals" AS t ("period", "period_start", "user_id", "total_cents")
    SELECT p.period, p.period_start, g.sender_id, sum(g.value_cents)
    FROM added_gifts g
    CROSS JOIN LATERAL "leaderboard_periods"(g.created_at) AS p
    WHERE g.sender_id IS NOT NULL
    GROUP BY p.period, p.period_start, g.sender_id
    ON CONFLICT ("period", "period_start", "user_id")
      DO UPDATE SET "total_cents" = t."total_cents" + excluded."total_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gifts_leaderboard_insert" AFTER INSERT ON "gifts"
  REFERENCING NEW TABLE AS added_gifts
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "gifts_leaderboard_update" AFTER UPDATE ON "gifts"
  REFERENCING OLD TABLE AS removed_gifts NEW TABLE AS added_gifts
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "gifts_leaderboard_delete" AFTER DELETE ON "gifts"
  REFERENCING OLD TABLE AS removed_gifts
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_totals_apply"();
--> statement-breakpoint
-- Gifts written before this migration.
INSERT INTO "leaderboard_totals" ("period", "period_start", "user_id", "total_cents")
SELECT p.period, p.period_start, g.sender_id, sum(g.value_cents)
FROM "gifts" g
CROSS JOIN LATERAL "leaderboard_periods"(g.created_at) AS p
WHERE g.sender_id IS NOT NULL
GROUP BY p.period, p.period_start, g.sender_id;
