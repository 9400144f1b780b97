CREATE TABLE "onboarding" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_step" text DEFAULT 'broker_selection' NOT NULL,
	"mode_selected" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_current_step_check" CHECK ("onboarding"."current_step" in ('broker_selection', 'trading_parameters', 'mode_selection'))
);
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "account_size_allocation" integer;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "max_position_size_cents" bigint;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "daily_loss_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "preferred_trading_hours" text;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "asset_preferences" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding" ADD CONSTRAINT "onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_account_size_allocation_check" CHECK ("preferences"."account_size_allocation" between 10 and 100 and "preferences"."account_size_allocation" % 5 = 0);--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_max_position_size_check" CHECK ("preferences"."max_position_size_cents" >= 10000);--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_daily_loss_limit_check" CHECK ("preferences"."daily_loss_limit_cents" >= 5000);--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_preferred_trading_hours_check" CHECK ("preferences"."preferred_trading_hours" in ('market_hours', 'extended_hours', 'all_hours'));