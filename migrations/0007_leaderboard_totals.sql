CREATE TABLE "leaderboard_totals" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"user_id" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "leaderboard_totals_period_period_start_user_id_pk" PRIMARY KEY("period","period_start","user_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_totals" ADD CONSTRAINT "leaderboard_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_totals_rank_idx" ON "leaderboard_totals" USING btree ("period","period_start","total_cents" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_totals_user_idx" ON "leaderboard_totals" USING btree ("user_id");