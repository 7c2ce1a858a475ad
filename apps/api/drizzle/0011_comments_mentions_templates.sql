CREATE TABLE "comment_mentions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_mentions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"contact_id" integer,
	"group_id" integer,
	CONSTRAINT "comment_mentions_target_check" CHECK (num_nonnulls("comment_mentions"."contact_id", "comment_mentions"."group_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "comment_reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reaction" text DEFAULT 'thumbs_up' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reactions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "comment_reactions_one_per_user" UNIQUE("comment_id","user_id","reaction"),
	CONSTRAINT "comment_reactions_reaction_check" CHECK ("comment_reactions"."reaction" in ('thumbs_up'))
);
--> statement-breakpoint
CREATE TABLE "comment_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_templates_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"commentable_type" text NOT NULL,
	"commentable_id" integer NOT NULL,
	"project_id" integer,
	"parent_id" integer,
	"type" text DEFAULT 'comment' NOT NULL,
	"text" text NOT NULL,
	"text_delta" jsonb,
	"creator_id" integer,
	"send_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"ref_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "comments_commentable_type_check" CHECK ("comments"."commentable_type" in ('task', 'request', 'project')),
	CONSTRAINT "comments_type_check" CHECK ("comments"."type" in ('comment', 'private', 'call_log', 'email_log', 'summary'))
);
--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_mentions_comment_idx" ON "comment_mentions" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("commentable_type","commentable_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_undelivered_idx" ON "comments" USING btree ("send_at") WHERE "comments"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_unread_mention_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and ("notifications"."data" ->> 'has_mention')::boolean is true;--> statement-breakpoint
CREATE INDEX "notifications_user_mention_idx" ON "notifications" USING btree ("user_id","number") WHERE ("notifications"."data" ->> 'has_mention')::boolean is true;