CREATE TABLE "plan_time_totals" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "default_timelog_category" text DEFAULT 'billable' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_time_totals" ADD CONSTRAINT "plan_time_totals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_logs_date_idx" ON "time_logs" USING btree ("date");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_default_timelog_category_check" CHECK ("projects"."default_timelog_category" in ('billable', 'non-billable', 'sgm-non-billable'));