CREATE TABLE "gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"value_cents" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"sender_name" text NOT NULL,
	"pin_id" integer,
	"claimed_by" integer,
	"business_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_value_check" CHECK ("gift_cards"."value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requester_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"brand_id" text,
	"amount_cents" integer,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"sender_id" integer,
	"sender_email" text,
	"sender_name" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"gift_card_id" integer NOT NULL,
	"value_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_value_check" CHECK ("gifts"."value_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_idx" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_pin_claim_idx" ON "gift_cards" USING btree ("pin_id","claimed_by") WHERE "gift_cards"."pin_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_owner_idx" ON "gift_cards" USING btree ("owner_id","status","expires_at","id");--> statement-breakpoint
CREATE INDEX "gift_cards_business_idx" ON "gift_cards" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_cards_status_expires_idx" ON "gift_cards" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "gift_requests_recipient_idx" ON "gift_requests" USING btree ("recipient_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_requests_pending_pair_idx" ON "gift_requests" USING btree ("requester_id","recipient_id") WHERE "gift_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "gifts_sender_created_idx" ON "gifts" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gifts_recipient_created_idx" ON "gifts" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gifts_leaderboard_idx" ON "gifts" USING btree ("created_at","sender_id","value_cents") WHERE "gifts"."sender_id" is not null;--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_gift_card_idx" ON "ledger_accounts" USING btree ("gift_card_id") WHERE "ledger_accounts"."gift_card_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_gift_card_idx" ON "ledger_transactions" USING btree ("gift_card_id") WHERE "ledger_transactions"."gift_card_id" is not null;--> statement-breakpoint
CREATE INDEX "pins_active_location_idx" ON "pins" USING btree ("lat","lng") WHERE "pins"."status" = 'active';