DROP INDEX "pin_identifiers_identifier_idx";--> statement-breakpoint
CREATE INDEX "pin_identifiers_identifier_pin_idx" ON "pin_identifiers" USING btree ("identifier_id","pin_id");--> statement-breakpoint
CREATE INDEX "pins_active_newest_idx" ON "pins" USING btree ("created_at","id") WHERE "pins"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pins_active_brand_newest_idx" ON "pins" USING btree ("brand_id","created_at","id") WHERE "pins"."status" = 'active';