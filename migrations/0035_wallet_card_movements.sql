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
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_card_movements" ADD CONSTRAINT "wallet_card_movements_activity_id_gift_card_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."gift_card_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_card_movements_gift_idx" ON "wallet_card_movements" USING btree ("gift_id") WHERE "wallet_card_movements"."gift_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_card_movements_activity_idx" ON "wallet_card_movements" USING btree ("activity_id") WHERE "wallet_card_movements"."activity_id" is not null;
--> statement-breakpoint
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
-- An update redoes the movements of the gifts whose giver, recipient, value or time it changed
-- (deleting an account rewrites other columns of many rows and changes none of these).
CREATE FUNCTION "wallet_card_movements_gifts_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ARRAY(
      SELECT n.id FROM new_gifts n JOIN old_gifts o ON o.id = n.id
      WHERE (n.sender_id, n.recipient_id, n.value_cents, n.created_at)
        IS DISTINCT FROM (o.sender_id, o.recipient_id, o.value_cents, o.created_at));
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    DELETE FROM "wallet_card_movements" m WHERE m.gift_id = ANY (changed);
    PERFORM "wallet_card_movements_add_gifts"(ARRAY(
      SELECT n::"gifts" FROM new_gifts n WHERE n.id = ANY (changed)));
    RETURN NULL;
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
-- statement one look at its own rows. An update redoes the movements of the events whose card,
-- kind, value, time or ledger transaction it changed (deleting an account rewrites the names on
-- many events and changes none of these). The holder is found when the event is recorded and
-- kept: an issue or transfer written later with an earlier time does not move it.
CREATE FUNCTION "wallet_card_movements_activities_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added "gift_card_activities"[];
  changed integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ARRAY(
      SELECT n.id FROM new_activities n JOIN old_activities o ON o.id = n.id
      WHERE (n.gift_card_id, n.kind, n.amount_cents, n.created_at, n.ledger_transaction_id)
        IS DISTINCT FROM (o.gift_card_id, o.kind, o.amount_cents, o.created_at,
                          o.ledger_transaction_id));
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    DELETE FROM "wallet_card_movements" m WHERE m.activity_id = ANY (changed);
    added := ARRAY(SELECT n::"gift_card_activities" FROM new_activities n
                   WHERE n.id = ANY (changed)
                     AND n.kind IN ('spent', 'refunded') AND n.amount_cents > 0);
  ELSE
    added := ARRAY(SELECT n::"gift_card_activities" FROM new_activities n
                   WHERE n.kind IN ('spent', 'refunded') AND n.amount_cents > 0);
  END IF;
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
-- Every gift's and card event's movements, 100,000 at a time (one array of a big history would
-- not fit in a value): for the gifts and events recorded before this migration, and for a bulk
-- load into empty tables that turns the two triggers off while it writes (the benchmark's seed,
-- whose histories are loaded before their indexes are built).
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
