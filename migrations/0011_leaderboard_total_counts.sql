CREATE TABLE "leaderboard_total_counts" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "leaderboard_total_counts_period_period_start_total_cents_pk" PRIMARY KEY("period","period_start","total_cents")
);
