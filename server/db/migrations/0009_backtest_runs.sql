CREATE TABLE "backtest_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"strategy_id" uuid,
	"strategy_version" integer,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"symbols" text[] NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"initial_capital" double precision NOT NULL,
	"commission_cents" integer NOT NULL,
	"slippage_bps" integer NOT NULL,
	"definition" text NOT NULL,
	"result" jsonb,
	"trades_total" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backtest_runs_status_check" CHECK ("backtest_runs"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
	CONSTRAINT "backtest_runs_progress_check" CHECK ("backtest_runs"."progress" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD CONSTRAINT "backtest_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD CONSTRAINT "backtest_runs_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backtest_runs_user_created" ON "backtest_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backtest_runs_strategy_created" ON "backtest_runs" USING btree ("strategy_id","created_at" DESC NULLS LAST);