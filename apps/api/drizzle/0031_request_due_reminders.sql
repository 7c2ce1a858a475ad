CREATE TABLE "request_due_reminders" (
	"request_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_due_reminders_request_id_due_date_pk" PRIMARY KEY("request_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "request_due_reminders" ADD CONSTRAINT "request_due_reminders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;