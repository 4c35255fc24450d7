CREATE TABLE "business_issued_totals" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"issued_cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_brands_brand_idx";--> statement-breakpoint
ALTER TABLE "business_issued_totals" ADD CONSTRAINT "business_issued_totals_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_issued_totals_rank_idx" ON "business_issued_totals" USING btree ("issued_cents");--> statement-breakpoint
CREATE INDEX "user_brands_brand_user_idx" ON "user_brands" USING btree ("brand_id","user_id");