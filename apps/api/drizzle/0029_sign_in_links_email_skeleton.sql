CREATE TABLE "sign_in_link_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_link_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_link_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" drop column "email_skeleton";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_skeleton" text GENERATED ALWAYS AS (translate(replace(replace(replace(regexp_replace(lower(email), '[+][^@]*@', '@'), 'rn', 'm'), 'vv', 'w'), '.', ''), '01|i', 'olll')) STORED;--> statement-breakpoint
ALTER TABLE "sign_in_link_tokens" ADD CONSTRAINT "sign_in_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_link_tokens_user_id_idx" ON "sign_in_link_tokens" USING btree ("user_id");--> statement-breakpoint
-- Dropping the column dropped its index; the registration check looks skeletons up through it.
CREATE INDEX "users_email_skeleton_idx" ON "users" USING btree ("email_skeleton");
--> statement-breakpoint
-- A password that changes by any path voids the account's outstanding sign-in links, as it does its reset links.
CREATE OR REPLACE FUNCTION sign_in_link_tokens_void() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sign_in_link_tokens SET used_at = now() WHERE user_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_password_change_voids_sign_in_links AFTER UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash) EXECUTE FUNCTION sign_in_link_tokens_void();
