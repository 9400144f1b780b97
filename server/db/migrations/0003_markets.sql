CREATE TABLE "paper_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cash_cents" bigint NOT NULL,
	"starting_cash_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_accounts_cash_check" CHECK ("paper_accounts"."cash_cents" >= 0),
	CONSTRAINT "paper_accounts_starting_cash_check" CHECK ("paper_accounts"."starting_cash_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" uuid NOT NULL,
	"client_order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"status" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"filled_quantity" numeric(20, 6) DEFAULT 0 NOT NULL,
	"limit_price_cents" bigint,
	"stop_price_cents" bigint,
	"reserve_price_cents" bigint NOT NULL,
	"fill_value_cents" numeric(26, 6) DEFAULT 0 NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"strategy_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_side_check" CHECK ("orders"."side" in ('BUY', 'SELL')),
	CONSTRAINT "orders_type_check" CHECK ("orders"."type" in ('MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT')),
	CONSTRAINT "orders_tif_check" CHECK ("orders"."time_in_force" in ('DAY', 'GTC', 'IOC', 'FOK')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('OPEN', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_filled_quantity_check" CHECK ("orders"."filled_quantity" >= 0 and "orders"."filled_quantity" <= "orders"."quantity"),
	CONSTRAINT "orders_prices_check" CHECK (coalesce("orders"."limit_price_cents", 1) > 0 and coalesce("orders"."stop_price_cents", 1) > 0),
	CONSTRAINT "orders_fill_value_check" CHECK ("orders"."fill_value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"price_cents" bigint NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"strategy_id" text,
	"reason" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_side_check" CHECK ("trades"."side" in ('BUY', 'SELL')),
	CONSTRAINT "trades_quantity_check" CHECK ("trades"."quantity" > 0),
	CONSTRAINT "trades_price_check" CHECK ("trades"."price_cents" > 0),
	CONSTRAINT "trades_commission_check" CHECK ("trades"."commission_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"cost_cents" bigint NOT NULL,
	"realized_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_user_id_symbol_pk" PRIMARY KEY("user_id","symbol"),
	CONSTRAINT "positions_quantity_check" CHECK ("positions"."quantity" >= 0),
	CONSTRAINT "positions_cost_check" CHECK ("positions"."cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "paper_accounts" ADD CONSTRAINT "paper_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_client_order_id_unique" ON "orders" USING btree ("user_id","client_order_id");
--> statement-breakpoint
CREATE INDEX "orders_user_seq_idx" ON "orders" USING btree ("user_id","seq");
--> statement-breakpoint
CREATE INDEX "orders_working_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('OPEN', 'PARTIALLY_FILLED');
--> statement-breakpoint
CREATE INDEX "orders_working_symbol_idx" ON "orders" USING btree ("symbol","seq") WHERE "orders"."status" in ('OPEN', 'PARTIALLY_FILLED');
--> statement-breakpoint
CREATE INDEX "trades_user_seq_idx" ON "trades" USING btree ("user_id","seq");
--> statement-breakpoint
CREATE INDEX "trades_user_symbol_seq_idx" ON "trades" USING btree ("user_id","symbol","seq");
--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "trades_order_idx" ON "trades" USING btree ("order_id");
