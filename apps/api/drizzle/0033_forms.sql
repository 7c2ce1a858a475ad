CREATE TABLE "form_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"form_id" integer NOT NULL,
	"form_version_id" integer NOT NULL,
	"customer_id" integer,
	"values" jsonb NOT NULL,
	"completion" smallint NOT NULL,
	"source" text NOT NULL,
	"submitted_by_id" integer,
	"share_link_id" integer,
	"request_id" integer,
	"converted_customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_answers_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "form_answers_source_check" CHECK ("form_answers"."source" in ('staff', 'link')),
	CONSTRAINT "form_answers_completion_check" CHECK ("form_answers"."completion" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "form_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_link_id" integer NOT NULL,
	"device_key_hash" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_link_uploads" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"share_link_id" integer NOT NULL,
	"device_key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"form_id" integer NOT NULL,
	"customer_id" integer,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_share_links_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "form_share_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"form_id" integer NOT NULL,
	"number" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"published_by_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"thank_you_text" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blueprint_key" text,
	"request_type_id" integer,
	"owner_id" integer,
	"answers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "forms_status_check" CHECK ("forms"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_holder_check";--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_share_link_id_form_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."form_share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_converted_customer_id_customers_id_fk" FOREIGN KEY ("converted_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_drafts" ADD CONSTRAINT "form_drafts_share_link_id_form_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."form_share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_link_uploads" ADD CONSTRAINT "form_link_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_link_uploads" ADD CONSTRAINT "form_link_uploads_share_link_id_form_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."form_share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_share_links" ADD CONSTRAINT "form_share_links_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_share_links" ADD CONSTRAINT "form_share_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_share_links" ADD CONSTRAINT "form_share_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_request_type_id_request_types_id_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_answers_created_idx" ON "form_answers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "form_answers_form_created_idx" ON "form_answers" USING btree ("form_id","created_at","id");--> statement-breakpoint
CREATE INDEX "form_answers_customer_created_idx" ON "form_answers" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "form_answers_version_idx" ON "form_answers" USING btree ("form_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_drafts_link_device_idx" ON "form_drafts" USING btree ("share_link_id","device_key_hash");--> statement-breakpoint
CREATE INDEX "form_drafts_updated_idx" ON "form_drafts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "form_link_uploads_link_device_idx" ON "form_link_uploads" USING btree ("share_link_id","device_key_hash");--> statement-breakpoint
CREATE INDEX "form_share_links_form_idx" ON "form_share_links" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_number_idx" ON "form_versions" USING btree ("form_id","number");--> statement-breakpoint
CREATE INDEX "forms_name_idx" ON "forms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "forms_updated_idx" ON "forms" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_holder_check" CHECK (("uploads"."holder_type" is null and "uploads"."holder_id" is null) or ("uploads"."holder_type" in ('task', 'request', 'comment', 'customer', 'user', 'form_answer') and "uploads"."holder_id" is not null));