CREATE TABLE "report_time_logs" (
	"time_log_id" integer PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer,
	"task_id" integer,
	"request_id" integer,
	"minutes" integer NOT NULL,
	"status" text NOT NULL,
	"category" text
);
--> statement-breakpoint
DROP INDEX "time_logs_date_idx";--> statement-breakpoint
ALTER TABLE "report_time_logs" ADD CONSTRAINT "report_time_logs_time_log_id_time_logs_id_fk" FOREIGN KEY ("time_log_id") REFERENCES "public"."time_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_time_logs_date_idx" ON "report_time_logs" USING btree ("date","user_id","project_id","task_id","status","category","minutes","time_log_id");