ALTER TABLE "broker_connections" ADD COLUMN "auth_kind" text DEFAULT 'keys' NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "sealed_api_key" text;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "sealed_api_secret" text;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "sealed_access_token" text;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "sealed_refresh_token" text;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "status" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "status_message" text;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "account" jsonb;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_connections_user_provider_env_unique" ON "broker_connections" USING btree ("user_id","provider","environment");--> statement-breakpoint
ALTER TABLE "broker_connections" ADD CONSTRAINT "broker_connections_auth_kind_check" CHECK ("broker_connections"."auth_kind" in ('keys', 'oauth'));--> statement-breakpoint
ALTER TABLE "broker_connections" ADD CONSTRAINT "broker_connections_status_check" CHECK ("broker_connections"."status" in ('connected', 'error'));