ALTER TABLE "strategies" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "parameters" jsonb;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "risk_level" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "time_horizon" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "asset_classes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "market_conditions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "backtest_metrics" jsonb;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "backtest_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "backtest_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "backtested_at" timestamp with time zone;