CREATE TABLE "invoice_overdue_notices" (
	"invoice_id" integer NOT NULL,
	"stage" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_overdue_notices_invoice_id_stage_pk" PRIMARY KEY("invoice_id","stage")
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"stripe_id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"email" text,
	"linked_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stripe_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "stripe_events_eventId_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_failed_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stripe_failed_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"failure_key" text NOT NULL,
	"stripe_customer_id" text,
	"customer_id" integer,
	"invoice_number" text,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_failed_payments_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "stripe_failed_payments_failureKey_unique" UNIQUE("failure_key")
);
--> statement-breakpoint
CREATE TABLE "stripe_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stripe_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stripe_id" text NOT NULL,
	"stripe_customer_id" text,
	"customer_id" integer,
	"number" text,
	"amount_due_cents" integer NOT NULL,
	"amount_remaining_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"due_date" date,
	"status" text NOT NULL,
	"hosted_invoice_url" text,
	"source_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_invoices_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "stripe_invoices_stripeId_unique" UNIQUE("stripe_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"api_key_sealed" text,
	"api_key_hint" text,
	"webhook_secret_sealed" text,
	"webhook_secret_hint" text,
	"overdue_request_policy" text DEFAULT 'off' NOT NULL,
	"overdue_days" integer DEFAULT 30 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_settings_one_row" CHECK ("stripe_settings"."id" = 1),
	CONSTRAINT "stripe_settings_policy_check" CHECK ("stripe_settings"."overdue_request_policy" in ('off', 'warn', 'refuse'))
);
--> statement-breakpoint
ALTER TABLE "invoice_overdue_notices" ADD CONSTRAINT "invoice_overdue_notices_invoice_id_stripe_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."stripe_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_failed_payments" ADD CONSTRAINT "stripe_failed_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_invoices" ADD CONSTRAINT "stripe_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_customers_customer_idx" ON "stripe_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stripe_events_unprocessed_idx" ON "stripe_events" USING btree ("id") WHERE "stripe_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "stripe_failed_payments_customer_idx" ON "stripe_failed_payments" USING btree ("customer_id","failed_at");--> statement-breakpoint
CREATE INDEX "stripe_invoices_customer_idx" ON "stripe_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stripe_invoices_open_due_idx" ON "stripe_invoices" USING btree ("due_date") WHERE "stripe_invoices"."status" = 'open';