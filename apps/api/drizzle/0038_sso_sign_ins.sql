CREATE TABLE "sso_sign_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"user_id" integer,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone,
	CONSTRAINT "sso_sign_ins_stateHash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_sign_ins_handoffHash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_at_idx" ON "sso_sign_ins" USING btree ("expires_at");