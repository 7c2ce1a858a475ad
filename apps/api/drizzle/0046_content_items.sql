CREATE TABLE "content_approval_items" (
	"approval_id" integer NOT NULL,
	"content_item_id" integer NOT NULL,
	"decision" text,
	"comment" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "content_approval_items_approval_id_content_item_id_pk" PRIMARY KEY("approval_id","content_item_id"),
	CONSTRAINT "content_approval_items_decision_check" CHECK ("content_approval_items"."decision" in ('approve', 'request_changes'))
);
--> statement-breakpoint
CREATE TABLE "content_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"sent_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_approvals_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "content_approvals_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"platform" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"assignee_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "content_items_platform_check" CHECK ("content_items"."platform" in ('instagram', 'facebook', 'linkedin', 'x', 'tiktok', 'youtube', 'blog', 'newsletter')),
	CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('draft', 'in_review', 'changes_requested', 'approved', 'scheduled', 'published'))
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_holder_check";--> statement-breakpoint
ALTER TABLE "content_approval_items" ADD CONSTRAINT "content_approval_items_approval_id_content_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."content_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_approval_items" ADD CONSTRAINT "content_approval_items_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_approvals" ADD CONSTRAINT "content_approvals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_approvals" ADD CONSTRAINT "content_approvals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_approval_items_item_idx" ON "content_approval_items" USING btree ("content_item_id");--> statement-breakpoint
CREATE INDEX "content_approvals_project_idx" ON "content_approvals" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "content_items_project_scheduled_idx" ON "content_items" USING btree ("project_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "content_items_scheduled_idx" ON "content_items" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "content_items_assignee_idx" ON "content_items" USING btree ("assignee_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_holder_check" CHECK (("uploads"."holder_type" is null and "uploads"."holder_id" is null) or ("uploads"."holder_type" in ('task', 'request', 'comment', 'customer', 'user', 'form_answer', 'onboarding_item', 'onboarding_welcome', 'agency_logo', 'content_item') and "uploads"."holder_id" is not null));--> statement-breakpoint
-- Content plans use the post permission family (issue 22). Roles that run plans (holding PROJECTS_UPDATE: the demo
-- Admin and Manager) get it from the start; other roles get it in the role editor. The permission rows are created
-- here too: the startup sync runs after us.
INSERT INTO "permissions" ("name") VALUES ('POSTS_READ'), ('POSTS_CREATE'), ('POSTS_UPDATE'), ('POSTS_DESTROY') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", p."id"
FROM "role_permissions" rp
JOIN "permissions" held ON held."id" = rp."permission_id" AND held."name" = 'PROJECTS_UPDATE'
CROSS JOIN "permissions" p
WHERE p."name" IN ('POSTS_READ', 'POSTS_CREATE', 'POSTS_UPDATE', 'POSTS_DESTROY')
ON CONFLICT DO NOTHING;
