CREATE TABLE "followed_scans" (
	"user_id" uuid NOT NULL,
	"scan_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_scans_user_id_scan_type_pk" PRIMARY KEY("user_id","scan_type")
);
--> statement-breakpoint
CREATE TABLE "opportunity_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"strategy_id" uuid,
	"source" text NOT NULL,
	"scan_type" text,
	"setup_key" text NOT NULL,
	"bar_time" timestamp with time zone NOT NULL,
	"confidence" double precision NOT NULL,
	"potential_return" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reasoning" text NOT NULL,
	"sample_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "opportunity_alerts_scan_type" CHECK (("opportunity_alerts"."source" = 'SCAN') = ("opportunity_alerts"."scan_type" is not null))
);
--> statement-breakpoint
ALTER TABLE "followed_scans" ADD CONSTRAINT "followed_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_alerts" ADD CONSTRAINT "opportunity_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_alerts" ADD CONSTRAINT "opportunity_alerts_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "followed_scans_type_idx" ON "followed_scans" USING btree ("scan_type");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_alerts_setup_bar_unique" ON "opportunity_alerts" USING btree ("user_id","setup_key","bar_time");--> statement-breakpoint
CREATE INDEX "opportunity_alerts_user_created_idx" ON "opportunity_alerts" USING btree ("user_id","created_at");