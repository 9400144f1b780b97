CREATE TABLE "daily_equity" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"equity_cents" bigint NOT NULL,
	"cash_cents" bigint NOT NULL,
	"positions_value_cents" bigint NOT NULL,
	"net_deposits_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_equity_user_id_date_pk" PRIMARY KEY("user_id","date"),
	CONSTRAINT "daily_equity_source_check" CHECK ("daily_equity"."source" in ('close', 'backfill'))
);
--> statement-breakpoint
ALTER TABLE "daily_equity" ADD CONSTRAINT "daily_equity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;