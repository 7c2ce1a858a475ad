CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_sort_idx" ON "tasks" USING btree ("sort_order","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "time_logs_user_open_idx" ON "time_logs" USING btree ("user_id") WHERE "time_logs"."status" <> 'completed';