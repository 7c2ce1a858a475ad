CREATE INDEX "projects_title_sort_idx" ON "projects" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "tasks_title_sort_idx" ON "tasks" USING btree (lower("title"),"id","project_id");--> statement-breakpoint
CREATE INDEX "tasks_status_sort_idx" ON "tasks" USING btree ("status","id","project_id");--> statement-breakpoint
CREATE INDEX "tasks_priority_sort_idx" ON "tasks" USING btree ("priority","id","project_id");--> statement-breakpoint
CREATE INDEX "tasks_start_date_sort_idx" ON "tasks" USING btree ("start_date","id","project_id");--> statement-breakpoint
CREATE INDEX "tasks_end_date_sort_idx" ON "tasks" USING btree ("end_date","id","project_id");