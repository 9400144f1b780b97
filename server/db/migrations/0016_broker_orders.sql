CREATE TABLE "broker_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"broker_order_id" text NOT NULL,
	"client_order_id" text,
	"strategy_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_orders" ADD CONSTRAINT "broker_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_orders_provider_order_unique" ON "broker_orders" USING btree ("provider","broker_order_id");--> statement-breakpoint
CREATE INDEX "broker_orders_user_strategy_idx" ON "broker_orders" USING btree ("user_id","strategy_id");