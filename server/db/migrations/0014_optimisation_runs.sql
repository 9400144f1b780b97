ALTER TABLE "backtest_runs" ADD COLUMN "kind" text DEFAULT 'BACKTEST' NOT NULL;--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD COLUMN "optimisation" jsonb;--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD COLUMN "applied_version" integer;--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD CONSTRAINT "backtest_runs_kind_check" CHECK ("backtest_runs"."kind" in ('BACKTEST', 'OPTIMISATION'));