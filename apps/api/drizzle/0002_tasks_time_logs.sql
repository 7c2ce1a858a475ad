CREATE TABLE "activity_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"author_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_logs_action_check" CHECK ("activity_logs"."action" in ('create', 'update'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "task_tags" (
	"task_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "task_tags_task_id_tag_id_pk" PRIMARY KEY("task_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "task_users" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pivot" text NOT NULL,
	CONSTRAINT "task_users_task_id_user_id_pk" PRIMARY KEY("task_id","user_id"),
	CONSTRAINT "task_users_pivot_check" CHECK ("task_users"."pivot" in ('responsible', 'follower'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"project_id" integer NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"start_date" date,
	"end_date" date,
	"estimated_time_min" integer,
	"estimated_time" integer,
	"recurrence_type" text,
	"recurrence_limit" integer,
	"seed_id" integer,
	"occurrence_date" date,
	"parent_id" integer,
	"description_delta" jsonb,
	"description_text" text,
	"sort_order" double precision DEFAULT 0 NOT NULL,
	"creator_id" integer,
	"ref_token" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "tasks_seed_occurrence_unique" UNIQUE("seed_id","occurrence_date"),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('todo', 'in_progress', 'waiting_approval', 'working_on_now', 'pending', 'approved', 'needs_attention', 'completed', 'cancelled', 'seed')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" between 0 and 2),
	CONSTRAINT "tasks_title_length_check" CHECK (char_length("tasks"."title") between 1 and 72),
	CONSTRAINT "tasks_recurrence_type_check" CHECK ("tasks"."recurrence_type" is null or "tasks"."recurrence_type" in ('weekly', 'bi_weekly', 'monthly', 'every_3_months', 'every_6_months', 'yearly')),
	CONSTRAINT "tasks_recurrence_limit_check" CHECK ("tasks"."recurrence_limit" is null or "tasks"."recurrence_limit" >= 0),
	CONSTRAINT "tasks_not_own_parent_check" CHECK ("tasks"."parent_id" is null or "tasks"."parent_id" <> "tasks"."id"),
	CONSTRAINT "tasks_estimate_check" CHECK ("tasks"."estimated_time_min" is null or "tasks"."estimated_time" is null or "tasks"."estimated_time" >= "tasks"."estimated_time_min")
);
--> statement-breakpoint
CREATE TABLE "time_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" integer,
	"request_id" integer,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"started_at" timestamp with time zone,
	"minutes" integer DEFAULT 0 NOT NULL,
	"description" text,
	"status" text DEFAULT 'completed' NOT NULL,
	"category" text,
	"ref_token" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_logs_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "time_logs_status_check" CHECK ("time_logs"."status" in ('running', 'paused', 'completed')),
	CONSTRAINT "time_logs_minutes_check" CHECK ("time_logs"."minutes" >= 0),
	CONSTRAINT "time_logs_category_check" CHECK ("time_logs"."category" is null or "time_logs"."category" in ('billable', 'non-billable', 'sgm-non-billable')),
	CONSTRAINT "time_logs_source_check" CHECK ("time_logs"."task_id" is not null or "time_logs"."request_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_tags" ADD CONSTRAINT "task_tags_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_tags" ADD CONSTRAINT "task_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_users" ADD CONSTRAINT "task_users_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_users" ADD CONSTRAINT "task_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_seed_id_tasks_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_id_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_subject_idx" ON "activity_logs" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "task_tags_tag_idx" ON "task_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "task_users_user_idx" ON "task_users" USING btree ("user_id","pivot");--> statement-breakpoint
CREATE INDEX "tasks_project_status_idx" ON "tasks" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tasks_end_date_idx" ON "tasks" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "tasks_creator_idx" ON "tasks" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_logs_one_running_per_user_idx" ON "time_logs" USING btree ("user_id") WHERE "time_logs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "time_logs_user_date_idx" ON "time_logs" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "time_logs_task_idx" ON "time_logs" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_one_personal_per_user_idx" ON "projects" USING btree ("project_manager_id") WHERE "projects"."kind" = 'personal';