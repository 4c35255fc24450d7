CREATE TABLE "pin_redeemed_cards" (
	"pin_id" integer PRIMARY KEY NOT NULL,
	"cards" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pin_redeemed_cards" ADD CONSTRAINT "pin_redeemed_cards_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;