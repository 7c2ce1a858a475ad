CREATE TABLE "onboarding_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" integer NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"actor_id" integer,
	"by_client" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_history_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "onboarding_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" integer NOT NULL,
	"requirement_id" integer,
	"inclusion" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"instructions" text,
	"link_url" text,
	"position" integer NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"text_value" text,
	"secret_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_items_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "onboarding_items_status_check" CHECK ("onboarding_items"."status" in ('todo', 'submitted', 'done')),
	CONSTRAINT "onboarding_items_kind_check" CHECK ("onboarding_items"."kind" in ('file', 'text', 'link_confirmation', 'credential')),
	CONSTRAINT "onboarding_items_secret_sealed" CHECK ("onboarding_items"."secret_value" is null or "onboarding_items"."secret_value" like 'v1.%')
);
--> statement-breakpoint
CREATE TABLE "onboarding_link_uploads" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"onboarding_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"onboarding_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "onboarding_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"inclusion" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"instructions" text,
	"link" text,
	"link_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_requirements_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "onboarding_requirements_kind_check" CHECK ("onboarding_requirements"."kind" in ('file', 'text', 'link_confirmation', 'credential'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"remind_every_days" integer,
	"information_form_id" integer,
	"welcome_body_delta" jsonb,
	"schedule_call_link" text,
	"leadsie_manage_link" text,
	"leadsie_social_link" text,
	"welcome_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_settings_single_row" CHECK ("onboarding_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "onboarding_step_states" (
	"onboarding_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_id" integer,
	"stuck_notified_at" timestamp with time zone,
	CONSTRAINT "onboarding_step_states_onboarding_id_step_key_pk" PRIMARY KEY("onboarding_id","step_key")
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"inclusion" text,
	"owner_role_id" integer,
	"stuck_after_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_key_unique" UNIQUE("key"),
	CONSTRAINT "onboarding_steps_stuck_check" CHECK ("onboarding_steps"."stuck_after_days" is null or "onboarding_steps"."stuck_after_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboardings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"invite_id" integer,
	"inclusions" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_id" integer,
	"progress" smallint DEFAULT 0 NOT NULL,
	"current_step_key" text,
	"current_step_name" text,
	"current_step_since" timestamp with time zone DEFAULT now() NOT NULL,
	"stuck_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"information_link_id" integer,
	"information_link_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboardings_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "onboardings_customerId_unique" UNIQUE("customer_id"),
	CONSTRAINT "onboardings_status_check" CHECK ("onboardings"."status" in ('open', 'done')),
	CONSTRAINT "onboardings_progress_check" CHECK ("onboardings"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_holder_check";--> statement-breakpoint
ALTER TABLE "onboarding_history" ADD CONSTRAINT "onboarding_history_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_history" ADD CONSTRAINT "onboarding_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_items" ADD CONSTRAINT "onboarding_items_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_items" ADD CONSTRAINT "onboarding_items_requirement_id_onboarding_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."onboarding_requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_link_uploads" ADD CONSTRAINT "onboarding_link_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_link_uploads" ADD CONSTRAINT "onboarding_link_uploads_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_links" ADD CONSTRAINT "onboarding_links_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_settings" ADD CONSTRAINT "onboarding_settings_information_form_id_forms_id_fk" FOREIGN KEY ("information_form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_states" ADD CONSTRAINT "onboarding_step_states_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_states" ADD CONSTRAINT "onboarding_step_states_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_owner_role_id_roles_id_fk" FOREIGN KEY ("owner_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_invite_id_customer_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."customer_invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_information_link_id_form_share_links_id_fk" FOREIGN KEY ("information_link_id") REFERENCES "public"."form_share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_history_onboarding_idx" ON "onboarding_history" USING btree ("onboarding_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_items_requirement_idx" ON "onboarding_items" USING btree ("onboarding_id","requirement_id");--> statement-breakpoint
CREATE INDEX "onboarding_links_onboarding_idx" ON "onboarding_links" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "onboarding_requirements_inclusion_idx" ON "onboarding_requirements" USING btree ("inclusion","position");--> statement-breakpoint
CREATE INDEX "onboardings_status_progress_idx" ON "onboardings" USING btree ("status","progress","id");--> statement-breakpoint
CREATE INDEX "onboardings_status_started_idx" ON "onboardings" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "onboardings_status_activity_idx" ON "onboardings" USING btree ("status","last_activity_at","id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_holder_check" CHECK (("uploads"."holder_type" is null and "uploads"."holder_id" is null) or ("uploads"."holder_type" in ('task', 'request', 'comment', 'customer', 'user', 'form_answer', 'onboarding_item', 'onboarding_welcome') and "uploads"."holder_id" is not null));--> statement-breakpoint
INSERT INTO "onboarding_settings" ("id", "remind_every_days") VALUES (1, 3) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "onboarding_steps" ("key", "name", "position", "builtin", "inclusion", "stuck_after_days") VALUES
	('welcome', 'Welcome', 0, true, 'welcome_kit', 3),
	('information_form', 'Information form', 1, true, NULL, 5),
	('requirements', 'Requirements', 2, true, NULL, 7),
	('kickoff_call', 'Schedule the kick-off call', 3, true, 'schedule_call_link', 5),
	('order_confirmed', 'Order confirmed', 4, true, NULL, 7),
	('done', 'Done', 5, true, NULL, NULL)
ON CONFLICT DO NOTHING;
