CREATE TABLE "wallet_ledger_months" (
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"movements" integer NOT NULL,
	"claims" integer NOT NULL,
	"claim_cents" bigint NOT NULL,
	"incoming_cents" bigint NOT NULL,
	"redeem_cents" bigint NOT NULL,
	"outgoing_cents" bigint NOT NULL,
	CONSTRAINT "wallet_ledger_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger_months" ADD CONSTRAINT "wallet_ledger_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;