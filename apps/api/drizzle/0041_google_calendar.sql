CREATE TABLE "google_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "google_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_token_sealed" text,
	"access_token_expires_at" timestamp with time zone,
	"calendar_id" text,
	"calendar_name" text,
	"event_shape" text DEFAULT 'due_date' NOT NULL,
	"task_scope" text DEFAULT 'responsible' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_accounts_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "google_accounts_shape_check" CHECK ("google_accounts"."event_shape" in ('due_date', 'span')),
	CONSTRAINT "google_accounts_scope_check" CHECK ("google_accounts"."task_scope" in ('responsible', 'visible'))
);
--> statement-breakpoint
CREATE TABLE "google_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "google_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_uuid" text NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_events_user_task_unique" UNIQUE("user_id","task_uuid")
);
--> statement-breakpoint
CREATE TABLE "google_oauth_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "google_oauth_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_token_hash" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_oauth_states_stateHash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "google_accounts" ADD CONSTRAINT "google_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_events" ADD CONSTRAINT "google_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_oauth_states" ADD CONSTRAINT "google_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_events_task_idx" ON "google_events" USING btree ("task_uuid");--> statement-breakpoint
CREATE INDEX "google_oauth_states_expires_idx" ON "google_oauth_states" USING btree ("expires_at");