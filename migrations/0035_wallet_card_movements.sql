CREATE TABLE "wallet_card_months" (
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"movements" integer NOT NULL,
	"gifts" integer NOT NULL,
	"received_cents" bigint NOT NULL,
	"sent_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "wallet_card_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "wallet_card_movements" (
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"entry_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gift_id" integer,
	"activity_id" integer,
	CONSTRAINT "wallet_card_movements_user_id_created_at_entry_id_pk" PRIMARY KEY("user_id","created_at","entry_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_card_months" ADD CONSTRAINT "wallet_card_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_activity_id_gift_card_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."gift_card_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_card_movements_gift_idx" ON "wallet_card_movements" USING btree ("gift_id") WHERE "wallet_card_movements"."gift_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_card_movements_activity_idx" ON "wallet_card_movements" USING btree ("activity_id") WHERE "wallet_card_movements"."activity_id" is not null;--> statement-breakpoint
-- The wallet's movements of a statement's gifts: the giver's (a guest has no wallet) and the
-- recipient's.
CREATE FUNCTION "wallet_card_movements_add_gifts"(added "gifts"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet_card_movements"
    ("user_id", "created_at", "entry_id", "kind", "amount_cents", "gift_id")
  SELECT g.sender_id, g.created_at, 'gs' || g.id::text, 'gift_sent', g.value_cents, g.id
  FROM unnest(added) g WHERE g.sender_id IS NOT NULL
  UNION ALL
  SELECT g.recipient_id, g.created_at, 'gr' || g.id::text, 'gift_received', g.value_cents, g.id
  FROM unnest(added) g;
END
$$;
--> statement-breakpoint
-- The wallet's movements of a statement's card events: what left a card (a spend, an expired
-- card's value back to its business) goes in the history of whoever held the card then. The
-- holder is the recipient of the card's last issue or transfer up to the event; for a card whose
-- history starts later, the giver of its first transfer after it; else its owner (the rule of
-- holderAtEvent in server/services/gift-cards/get-card-history.ts). A spend the holder's own
-- ledger lists (a business spending a card at its own counter) is in their wallet already.
-- PL/pgSQL rather than SQL so that a connection plans the statement once, not on every call.
CREATE FUNCTION "wallet_card_movements_add_activities"(added "gift_card_activities"[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet_card_movements"
    ("user_id", "created_at", "entry_id", "kind", "amount_cents", "activity_id")
  SELECT held.holder_id, a.created_at,
         CASE WHEN a.ledger_transaction_id IS NULL THEN 'a' || a.id::text
              ELSE 't' || a.ledger_transaction_id::text END,
         CASE WHEN a.kind = 'spent' THEN 'redeem' ELSE 'card_expiry' END,
         a.amount_cents, a.id
  FROM unnest(added) a
  JOIN "gift_cards" c ON c.id = a.gift_card_id
  CROSS JOIN LATERAL (SELECT coalesce(
    (SELECT h.recipient_id FROM "gift_card_activities" h
      WHERE h.gift_card_id = a.gift_card_id AND h.kind IN ('issued', 'transferred')
        AND (h.created_at, h.id) <= (a.created_at, a.id)
      ORDER BY h.created_at DESC, h.id DESC LIMIT 1),
    (SELECT h.actor_id FROM "gift_card_activities" h
      WHERE h.gift_card_id = a.gift_card_id AND h.kind = 'transferred'
        AND (h.created_at, h.id) > (a.created_at, a.id)
      ORDER BY h.created_at, h.id LIMIT 1),
    c.owner_id) AS holder_id) held
  WHERE a.kind IN ('spent', 'refunded') AND a.amount_cents > 0 AND held.holder_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "ledger_transactions" own
                    WHERE own.id = a.ledger_transaction_id AND own.user_id = held.holder_id);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "wallet_card_movements_gifts_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "wallet_card_movements" m
    WHERE m.gift_id IN (SELECT o.id FROM old_gifts o);
  END IF;
  PERFORM "wallet_card_movements_add_gifts"(ARRAY(SELECT n::"gifts" FROM new_gifts n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gifts_wallet_movements_insert" AFTER INSERT ON "gifts"
  REFERENCING NEW TABLE AS new_gifts
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_movements_gifts_statement"();
--> statement-breakpoint
CREATE TRIGGER "gifts_wallet_movements_update" AFTER UPDATE ON "gifts"
  REFERENCING OLD TABLE AS old_gifts NEW TABLE AS new_gifts
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_movements_gifts_statement"();
--> statement-breakpoint
-- A deleted gift or event takes its movements with it (the foreign keys cascade).
-- Most events move no value out of a card (a claim's issue, a gift's transfer): those cost the
-- statement one look at its own rows.
CREATE FUNCTION "wallet_card_movements_activities_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added "gift_card_activities"[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "wallet_card_movements" m
    WHERE m.activity_id IN (SELECT o.id FROM old_activities o
                            WHERE o.kind IN ('spent', 'refunded') AND o.amount_cents > 0);
  END IF;
  added := ARRAY(SELECT n::"gift_card_activities" FROM new_activities n
                 WHERE n.kind IN ('spent', 'refunded') AND n.amount_cents > 0);
  IF cardinality(added) > 0 THEN
    PERFORM "wallet_card_movements_add_activities"(added);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_wallet_movements_insert" AFTER INSERT ON "gift_card_activities"
  REFERENCING NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_movements_activities_statement"();
--> statement-breakpoint
CREATE TRIGGER "gift_card_activities_wallet_movements_update" AFTER UPDATE ON "gift_card_activities"
  REFERENCING OLD TABLE AS old_activities NEW TABLE AS new_activities
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_movements_activities_statement"();
--> statement-breakpoint
-- Keeps wallet_card_months equal to each user's movements added up per UTC month, as
-- wallet_ledger_months is kept (migration 0033): given the movements a statement took out and
-- those it put in, adds the difference to each (user, month), in key order; a month whose numbers
-- all come back to zero has no row.
CREATE FUNCTION "wallet_card_months_apply"(
  removed "wallet_card_movements"[], added "wallet_card_movements"[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(removed) = 0 AND cardinality(added) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "wallet_card_months" AS w
    ("user_id", "month", "movements", "gifts", "received_cents", "sent_cents", "net_cents")
  SELECT s.user_id, s.month, s.movements, s.gifts, s.received_cents, s.sent_cents, s.net_cents
  FROM (
    SELECT m.user_id, m.month,
           sum(m.step)::int AS movements,
           coalesce(sum(m.step) FILTER (WHERE m.kind IN ('gift_sent', 'gift_received')), 0)::int
             AS gifts,
           coalesce(sum(m.step * m.amount_cents) FILTER (WHERE m.kind = 'gift_received'), 0)
             AS received_cents,
           coalesce(sum(m.step * m.amount_cents) FILTER (WHERE m.kind = 'gift_sent'), 0)
             AS sent_cents,
           sum(m.step * CASE WHEN m.kind = 'gift_received' THEN m.amount_cents
                             ELSE -m.amount_cents END) AS net_cents
    FROM (
      SELECT o.user_id, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date AS month,
             o.kind, o.amount_cents, -1 AS step
      FROM unnest(removed) o
      UNION ALL
      SELECT n.user_id, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date AS month,
             n.kind, n.amount_cents, 1 AS step
      FROM unnest(added) n
    ) m
    GROUP BY m.user_id, m.month
  ) s
  WHERE s.movements <> 0 OR s.gifts <> 0 OR s.received_cents <> 0 OR s.sent_cents <> 0
     OR s.net_cents <> 0
  ORDER BY s.user_id, s.month
  ON CONFLICT ("user_id", "month") DO UPDATE SET
    "movements" = w."movements" + excluded."movements",
    "gifts" = w."gifts" + excluded."gifts",
    "received_cents" = w."received_cents" + excluded."received_cents",
    "sent_cents" = w."sent_cents" + excluded."sent_cents",
    "net_cents" = w."net_cents" + excluded."net_cents";
  IF cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "wallet_card_months" w
  WHERE w."movements" = 0 AND w."gifts" = 0 AND w."received_cents" = 0 AND w."sent_cents" = 0
    AND w."net_cents" = 0
    AND (w."user_id", w."month") IN (
      SELECT o.user_id, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date
      FROM unnest(removed) o);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "wallet_card_months_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed "wallet_card_movements"[] := '{}';
  added "wallet_card_movements"[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o::"wallet_card_movements" FROM old_movements o);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT n::"wallet_card_movements" FROM new_movements n);
  END IF;
  PERFORM "wallet_card_months_apply"(removed, added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_card_movements_months_insert" AFTER INSERT ON "wallet_card_movements"
  REFERENCING NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_months_statement"();
--> statement-breakpoint
CREATE TRIGGER "wallet_card_movements_months_update" AFTER UPDATE ON "wallet_card_movements"
  REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_months_statement"();
--> statement-breakpoint
CREATE TRIGGER "wallet_card_movements_months_delete" AFTER DELETE ON "wallet_card_movements"
  REFERENCING OLD TABLE AS old_movements
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_card_months_statement"();
--> statement-breakpoint
-- Every gift's and card event's movements, 100,000 at a time (one array of a big history would
-- not fit in a value); the movements' own trigger adds up their months. For the gifts and events
-- recorded before this migration, and for a bulk load that turns the two triggers off while it
-- writes (the benchmark's seed, whose histories are loaded before their indexes are built).
CREATE FUNCTION "wallet_card_movements_backfill"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_id integer;
BEGIN
  FOR first_id IN
    SELECT g FROM generate_series(0, (SELECT coalesce(max("id"), 0) FROM "gifts"), 100000) AS g
  LOOP
    PERFORM "wallet_card_movements_add_gifts"(ARRAY(
      SELECT g FROM "gifts" g WHERE g.id >= first_id AND g.id < first_id + 100000));
  END LOOP;
  FOR first_id IN
    SELECT g FROM generate_series(
      0, (SELECT coalesce(max("id"), 0) FROM "gift_card_activities"), 100000) AS g
  LOOP
    PERFORM "wallet_card_movements_add_activities"(ARRAY(
      SELECT a FROM "gift_card_activities" a
      WHERE a.id >= first_id AND a.id < first_id + 100000
        AND a.kind IN ('spent', 'refunded') AND a.amount_cents > 0));
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT "wallet_card_movements_backfill"();
