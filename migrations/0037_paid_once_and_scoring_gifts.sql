CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "scores" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_tokens" ADD COLUMN "reusable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_tokens" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_tokens" ADD COLUMN "source_token" text;--> statement-breakpoint
CREATE INDEX "gifts_card_idx" ON "gifts" USING btree ("gift_card_id","created_at","id");--> statement-breakpoint
ALTER TABLE "test_payment_tokens" ADD CONSTRAINT "test_payment_tokens_source_idx" UNIQUE("source_token");