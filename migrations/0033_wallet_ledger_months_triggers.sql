-- Keeps wallet_ledger_months equal to each user's ledger transactions added up per UTC month, for
-- the wallet's summary. Statement-level with transition tables, as business_card_days (migration
-- 0027): one upsert per statement, whatever the number of rows.
--
-- wallet_ledger_months_apply is given the transactions a statement took out and those it put in
-- (an update both) and adds the difference to each (user, month). The kinds that come into the
-- wallet are the wallet's INCOMING set (server/services/wallet/wallet-transactions.ts); a spend
-- ('redeem') is counted apart, as it comes into a business's wallet. A transaction of no user (a
-- guest's purchase) is in no wallet. Rows are upserted in key order, so two statements lock them
-- in the same order; a (user, month) whose numbers all come back to zero has no row.
CREATE FUNCTION "wallet_ledger_months_apply"(
  removed "ledger_transactions"[], added "ledger_transactions"[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(removed) = 0 AND cardinality(added) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "wallet_ledger_months" AS w
    ("user_id", "month", "movements", "claims", "claim_cents", "incoming_cents", "redeem_cents",
     "outgoing_cents")
  SELECT s.user_id, s.month, s.movements, s.claims, s.claim_cents, s.incoming_cents,
         s.redeem_cents, s.outgoing_cents
  FROM (
    SELECT m.user_id, m.month,
           sum(m.step)::int AS movements,
           coalesce(sum(m.step) FILTER (WHERE m.kind = 'claim'), 0)::int AS claims,
           coalesce(sum(m.step * m.amount_cents) FILTER (WHERE m.kind = 'claim'), 0) AS claim_cents,
           coalesce(sum(m.step * m.amount_cents)
             FILTER (WHERE m.kind IN ('add_funds', 'pin_refund', 'claim', 'card_expiry')), 0)
             AS incoming_cents,
           coalesce(sum(m.step * m.amount_cents) FILTER (WHERE m.kind = 'redeem'), 0)
             AS redeem_cents,
           coalesce(sum(m.step * m.amount_cents)
             FILTER (WHERE m.kind NOT IN ('add_funds', 'pin_refund', 'claim', 'card_expiry', 'redeem')), 0)
             AS outgoing_cents
    FROM (
      SELECT o.user_id, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date AS month,
             o.kind, o.amount_cents, -1 AS step
      FROM unnest(removed) o WHERE o.user_id IS NOT NULL
      UNION ALL
      SELECT n.user_id, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date AS month,
             n.kind, n.amount_cents, 1 AS step
      FROM unnest(added) n WHERE n.user_id IS NOT NULL
    ) m
    GROUP BY m.user_id, m.month
  ) s
  WHERE s.movements <> 0 OR s.claims <> 0 OR s.claim_cents <> 0 OR s.incoming_cents <> 0
     OR s.redeem_cents <> 0 OR s.outgoing_cents <> 0
  ORDER BY s.user_id, s.month
  ON CONFLICT ("user_id", "month") DO UPDATE SET
    "movements" = w."movements" + excluded."movements",
    "claims" = w."claims" + excluded."claims",
    "claim_cents" = w."claim_cents" + excluded."claim_cents",
    "incoming_cents" = w."incoming_cents" + excluded."incoming_cents",
    "redeem_cents" = w."redeem_cents" + excluded."redeem_cents",
    "outgoing_cents" = w."outgoing_cents" + excluded."outgoing_cents";
  IF cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  -- Only transactions taken out can bring a month back to nothing.
  DELETE FROM "wallet_ledger_months" w
  WHERE w."movements" = 0 AND w."claims" = 0 AND w."claim_cents" = 0 AND w."incoming_cents" = 0
    AND w."redeem_cents" = 0 AND w."outgoing_cents" = 0
    AND (w."user_id", w."month") IN (
      SELECT o.user_id, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date
      FROM unnest(removed) o WHERE o.user_id IS NOT NULL);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "wallet_ledger_months_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed "ledger_transactions"[] := '{}';
  added "ledger_transactions"[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o::"ledger_transactions" FROM old_transactions o);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT n::"ledger_transactions" FROM new_transactions n);
  END IF;
  PERFORM "wallet_ledger_months_apply"(removed, added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_wallet_months_insert" AFTER INSERT ON "ledger_transactions"
  REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_ledger_months_statement"();
--> statement-breakpoint
-- An update that changes none of what the months add up (a payout's provider reference, written
-- after its transaction) nets to nothing and writes no row. (Postgres takes no column list on a
-- trigger with transition tables.)
CREATE TRIGGER "ledger_transactions_wallet_months_update" AFTER UPDATE ON "ledger_transactions"
  REFERENCING OLD TABLE AS old_transactions NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_ledger_months_statement"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_wallet_months_delete" AFTER DELETE ON "ledger_transactions"
  REFERENCING OLD TABLE AS old_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_ledger_months_statement"();
--> statement-breakpoint
-- The transactions recorded before this migration, 100,000 at a time (one array of a big ledger
-- would not fit in a value).
DO $$
DECLARE
  first_id integer;
BEGIN
  FOR first_id IN
    SELECT g FROM generate_series(
      0, (SELECT coalesce(max("id"), 0) FROM "ledger_transactions"), 100000) AS g
  LOOP
    PERFORM "wallet_ledger_months_apply"('{}', ARRAY(
      SELECT t FROM "ledger_transactions" t WHERE t.id >= first_id AND t.id < first_id + 100000));
  END LOOP;
END
$$;
