ALTER TABLE "users" ADD COLUMN "wallet_pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_pin_failures" integer DEFAULT 0 NOT NULL;