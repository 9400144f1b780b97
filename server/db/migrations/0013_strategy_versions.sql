CREATE TABLE "strategy_versions" (
	"strategy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"code" text NOT NULL,
	"template_id" text,
	"parameters" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_versions_strategy_id_version_pk" PRIMARY KEY("strategy_id","version")
);
--> statement-breakpoint
ALTER TABLE "strategy_versions" ADD CONSTRAINT "strategy_versions_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_versions" ADD CONSTRAINT "strategy_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Strategies defined before this table: their current definition is their one known version.
INSERT INTO "strategy_versions" ("strategy_id", "user_id", "version", "code", "template_id", "parameters", "created_at")
SELECT "id", "user_id", "version", "code", "template_id", "parameters", "updated_at" FROM "strategies" WHERE "code" IS NOT NULL;
