CREATE TABLE "ad_campaign_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaign_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"task_id" integer,
	"request_id" integer,
	CONSTRAINT "ad_campaign_links_one_check" CHECK (("ad_campaign_links"."task_id" is null) <> ("ad_campaign_links"."request_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"objective" text,
	"budget_cents" bigint,
	"budget_type" text DEFAULT 'daily' NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"source_request_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "ad_campaigns_platform_check" CHECK ("ad_campaigns"."platform" in ('meta', 'google_ads', 'linkedin', 'tiktok')),
	CONSTRAINT "ad_campaigns_status_check" CHECK ("ad_campaigns"."status" in ('draft', 'active', 'paused', 'ended')),
	CONSTRAINT "ad_campaigns_budget_type_check" CHECK ("ad_campaigns"."budget_type" in ('daily', 'lifetime')),
	CONSTRAINT "ad_campaigns_budget_check" CHECK ("ad_campaigns"."budget_cents" is null or "ad_campaigns"."budget_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ad_client_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"column_mapping" jsonb,
	"meta_ad_account_id" text,
	"meta_token_sealed" text,
	"meta_synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_metrics" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric(14, 2) DEFAULT 0 NOT NULL,
	"conversion_value_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_metrics_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "ad_campaign_links" ADD CONSTRAINT "ad_campaign_links_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_links" ADD CONSTRAINT "ad_campaign_links_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_links" ADD CONSTRAINT "ad_campaign_links_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_source_request_id_requests_id_fk" FOREIGN KEY ("source_request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_client_settings" ADD CONSTRAINT "ad_client_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_metrics" ADD CONSTRAINT "ad_metrics_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaign_links_task_idx" ON "ad_campaign_links" USING btree ("campaign_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaign_links_request_idx" ON "ad_campaign_links" USING btree ("campaign_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_customer_name_idx" ON "ad_campaigns" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_source_request_idx" ON "ad_campaigns" USING btree ("source_request_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_project_idx" ON "ad_campaigns" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ad_metrics_day_idx" ON "ad_metrics" USING btree ("day","campaign_id");
--> statement-breakpoint
-- The advertising desk is gated by the spec's product family (PRODUCTS_*). Roles that run client work (those
-- holding PROJECTS_UPDATE: the demo Admin and Manager) get it from the start; others in the role editor. The
-- permission rows are created here too: the startup sync runs after us.
INSERT INTO "permissions" ("name") VALUES ('PRODUCTS_READ'), ('PRODUCTS_CREATE'), ('PRODUCTS_UPDATE'), ('PRODUCTS_DESTROY')
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", p."id"
FROM "role_permissions" rp
JOIN "permissions" held ON held."id" = rp."permission_id" AND held."name" = 'PROJECTS_UPDATE'
CROSS JOIN "permissions" p
WHERE p."name" IN ('PRODUCTS_READ', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE', 'PRODUCTS_DESTROY')
ON CONFLICT DO NOTHING;
