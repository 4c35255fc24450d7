CREATE TABLE "business_card_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"redemptions" integer NOT NULL,
	"redeemed_cents" bigint NOT NULL,
	"expired_cents" bigint NOT NULL,
	"returned_cents" bigint NOT NULL,
	CONSTRAINT "business_card_days_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "business_card_days" ADD CONSTRAINT "business_card_days_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_business_active_expires_idx" ON "gift_cards" USING btree ("business_id","expires_at") WHERE "gift_cards"."status" = 'active' and "gift_cards"."business_id" is not null;