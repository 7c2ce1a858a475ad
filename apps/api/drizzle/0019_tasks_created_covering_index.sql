DROP INDEX "tasks_created_idx";--> statement-breakpoint
CREATE INDEX "tasks_created_project_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"project_id");