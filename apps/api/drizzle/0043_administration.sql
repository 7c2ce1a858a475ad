CREATE TABLE "administration_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text,
	"tax_id" text,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"next_invoice_number" integer DEFAULT 1 NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"billable_rate_cents" integer DEFAULT 0 NOT NULL,
	"non_billable_rate_cents" integer DEFAULT 0 NOT NULL,
	"sgm_non_billable_rate_cents" integer DEFAULT 0 NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "administration_settings_single_row" CHECK ("administration_settings"."id" = 1),
	CONSTRAINT "administration_settings_currency_check" CHECK ("administration_settings"."currency" = 'USD'),
	CONSTRAINT "administration_settings_rates_check" CHECK ("administration_settings"."billable_rate_cents" >= 0 and "administration_settings"."non_billable_rate_cents" >= 0 and "administration_settings"."sgm_non_billable_rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_hourly_rates" (
	"project_id" integer NOT NULL,
	"category" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_hourly_rates_project_id_category_pk" PRIMARY KEY("project_id","category"),
	CONSTRAINT "plan_hourly_rates_category_check" CHECK ("plan_hourly_rates"."category" in ('billable', 'non-billable', 'sgm-non-billable')),
	CONSTRAINT "plan_hourly_rates_rate_check" CHECK ("plan_hourly_rates"."rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_holder_check";--> statement-breakpoint
ALTER TABLE "administration_settings" ADD CONSTRAINT "administration_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_hourly_rates" ADD CONSTRAINT "plan_hourly_rates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_holder_check" CHECK (("uploads"."holder_type" is null and "uploads"."holder_id" is null) or ("uploads"."holder_type" in ('task', 'request', 'comment', 'customer', 'user', 'form_answer', 'onboarding_item', 'onboarding_welcome', 'agency_logo') and "uploads"."holder_id" is not null));--> statement-breakpoint
INSERT INTO "administration_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
