ALTER TABLE "daily_equity" DROP CONSTRAINT "daily_equity_user_id_date_pk";--> statement-breakpoint
ALTER TABLE "daily_equity" ADD COLUMN "account" text DEFAULT 'paper' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_equity" ALTER COLUMN "cash_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_equity" ALTER COLUMN "positions_value_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_equity" ADD CONSTRAINT "daily_equity_user_id_account_date_pk" PRIMARY KEY("user_id","account","date");
