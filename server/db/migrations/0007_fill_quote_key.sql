DROP INDEX "trades_order_idx";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "quote_at" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "trades_order_quote_idx" ON "trades" USING btree ("order_id","quote_at");