-- Keeps business_issued_totals equal to the sum of value × quantity of each business's pins that
-- are not cancelled. Inserts and deletes: statement-level with transition tables (one grouped
-- upsert per statement); updates: per row, and only when a counted column really changed, so a
-- claim's `remaining` decrement never touches the business's row.
CREATE FUNCTION "business_issued_totals_add"(business integer, cents bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "business_issued_totals" AS t ("business_id", "issued_cents")
  VALUES (business, cents)
  ON CONFLICT ("business_id") DO UPDATE SET "issued_cents" = t."issued_cents" + excluded."issued_cents";
  DELETE FROM "business_issued_totals" WHERE "business_id" = business AND "issued_cents" <= 0;
$$;
--> statement-breakpoint
CREATE FUNCTION "business_issued_totals_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "business_issued_totals_add"(p.business_id, sum(p.value_cents::bigint * p.quantity)::bigint)
    FROM added_pins p WHERE p.status <> 'cancelled' GROUP BY p.business_id;
  ELSE
    PERFORM "business_issued_totals_add"(p.business_id, -sum(p.value_cents::bigint * p.quantity)::bigint)
    FROM removed_pins p WHERE p.status <> 'cancelled' GROUP BY p.business_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "business_issued_totals_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'cancelled' THEN
    PERFORM "business_issued_totals_add"(OLD.business_id, -(OLD.value_cents::bigint * OLD.quantity));
  END IF;
  IF NEW.status <> 'cancelled' THEN
    PERFORM "business_issued_totals_add"(NEW.business_id, NEW.value_cents::bigint * NEW.quantity);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pins_issued_insert" AFTER INSERT ON "pins"
  REFERENCING NEW TABLE AS added_pins
  FOR EACH STATEMENT EXECUTE FUNCTION "business_issued_totals_statement"();
--> statement-breakpoint
CREATE TRIGGER "pins_issued_delete" AFTER DELETE ON "pins"
  REFERENCING OLD TABLE AS removed_pins
  FOR EACH STATEMENT EXECUTE FUNCTION "business_issued_totals_statement"();
--> statement-breakpoint
CREATE TRIGGER "pins_issued_update" AFTER UPDATE OF "status", "value_cents", "quantity", "business_id" ON "pins"
  FOR EACH ROW
  WHEN (
    (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
    OR OLD.value_cents <> NEW.value_cents
    OR OLD.quantity <> NEW.quantity
    OR OLD.business_id <> NEW.business_id
  )
  EXECUTE FUNCTION "business_issued_totals_row"();
--> statement-breakpoint
-- Pins written before this migration.
INSERT INTO "business_issued_totals" ("business_id", "issued_cents")
SELECT "business_id", sum("value_cents"::bigint * "quantity")
FROM "pins" WHERE "status" <> 'cancelled'
GROUP BY "business_id"
HAVING sum("value_cents"::bigint * "quantity") > 0;
