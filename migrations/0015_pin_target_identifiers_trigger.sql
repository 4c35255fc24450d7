-- Keeps pins.target_identifier_ids equal to the pin's pin_identifiers rows (ascending, no
-- duplicates; '{}' when it has none), so the marketplace reads targeting from the pin row.
-- Statement-level with transition tables: one grouped update per statement. Each update applies
-- the statement's change (rows removed, rows added) to the pin's current array rather than
-- reading pin_identifiers again, so concurrent statements on the same pin compose: the second
-- waits for the first's row lock, then applies its change to the committed array.
CREATE FUNCTION "pin_target_identifiers_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "pins" AS p SET "target_identifier_ids" = array(
      SELECT x FROM unnest(p."target_identifier_ids") AS x
      UNION SELECT y FROM unnest(change.added) AS y ORDER BY 1)
    FROM (SELECT pin_id, array_agg(identifier_id) AS added FROM added_targets GROUP BY pin_id) AS change
    WHERE p."id" = change.pin_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "pins" AS p SET "target_identifier_ids" = array(
      SELECT x FROM unnest(p."target_identifier_ids") AS x WHERE x <> ALL (change.removed) ORDER BY 1)
    FROM (SELECT pin_id, array_agg(identifier_id) AS removed FROM removed_targets GROUP BY pin_id) AS change
    WHERE p."id" = change.pin_id;
  ELSE
    UPDATE "pins" AS p SET "target_identifier_ids" = array(
      SELECT x FROM unnest(p."target_identifier_ids") AS x WHERE x <> ALL (change.removed)
      UNION SELECT y FROM unnest(change.added) AS y ORDER BY 1)
    FROM (
      SELECT pin_id, coalesce(removed.ids, '{}') AS removed, coalesce(added.ids, '{}') AS added
      FROM (SELECT pin_id, array_agg(identifier_id) AS ids FROM removed_targets GROUP BY pin_id) AS removed
      FULL JOIN (SELECT pin_id, array_agg(identifier_id) AS ids FROM added_targets GROUP BY pin_id) AS added
        USING (pin_id)
    ) AS change
    WHERE p."id" = change.pin_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pin_identifiers_targets_insert" AFTER INSERT ON "pin_identifiers"
  REFERENCING NEW TABLE AS added_targets
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_target_identifiers_apply"();
--> statement-breakpoint
CREATE TRIGGER "pin_identifiers_targets_delete" AFTER DELETE ON "pin_identifiers"
  REFERENCING OLD TABLE AS removed_targets
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_target_identifiers_apply"();
--> statement-breakpoint
CREATE TRIGGER "pin_identifiers_targets_update" AFTER UPDATE ON "pin_identifiers"
  REFERENCING OLD TABLE AS removed_targets NEW TABLE AS added_targets
  FOR EACH STATEMENT EXECUTE FUNCTION "pin_target_identifiers_apply"();
--> statement-breakpoint
-- Pins written before this migration.
UPDATE "pins" AS p SET "target_identifier_ids" = targets.ids
FROM (
  SELECT pin_id, array_agg(identifier_id ORDER BY identifier_id) AS ids
  FROM "pin_identifiers" GROUP BY pin_id
) AS targets
WHERE p."id" = targets.pin_id;
