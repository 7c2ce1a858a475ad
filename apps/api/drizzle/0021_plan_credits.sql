CREATE TABLE "plan_credit_notices" (
	"project_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_credit_notices_project_id_period_start_threshold_pk" PRIMARY KEY("project_id","period_start","threshold"),
	CONSTRAINT "plan_credit_notices_threshold_check" CHECK ("plan_credit_notices"."threshold" in (80, 100))
);
--> statement-breakpoint
CREATE TABLE "plan_credit_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"rollover" text DEFAULT 'none' NOT NULL,
	"rollover_cap_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_credit_settings_rollover_check" CHECK ("plan_credit_settings"."rollover" in ('none', 'all', 'up_to')),
	CONSTRAINT "plan_credit_settings_cap_check" CHECK (("plan_credit_settings"."rollover" = 'up_to') = ("plan_credit_settings"."rollover_cap_minutes" is not null) and coalesce("plan_credit_settings"."rollover_cap_minutes", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" date,
	"note" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_credits_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "plan_credits_kind_check" CHECK ("plan_credits"."kind" in ('period_credit', 'manual_adjustment', 'expiry')),
	CONSTRAINT "plan_credits_period_check" CHECK (("plan_credits"."kind" = 'manual_adjustment') = ("plan_credits"."period_start" is null)),
	CONSTRAINT "plan_credits_period_minutes_check" CHECK ("plan_credits"."kind" <> 'period_credit' or "plan_credits"."minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plan_credit_notices" ADD CONSTRAINT "plan_credit_notices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_settings" ADD CONSTRAINT "plan_credit_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credits" ADD CONSTRAINT "plan_credits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credits" ADD CONSTRAINT "plan_credits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credits_one_per_period_idx" ON "plan_credits" USING btree ("project_id","period_start","kind") WHERE "plan_credits"."period_start" is not null;--> statement-breakpoint
CREATE INDEX "plan_credits_project_date_idx" ON "plan_credits" USING btree ("project_id","date");