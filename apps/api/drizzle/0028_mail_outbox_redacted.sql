ALTER TABLE "mail_outbox" ADD COLUMN "redacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages logged before redaction existed still hold their links' tokens (reset, welcome, verification, invite):
-- the same parameters the mailer's backstop redacts (mail/secrets.ts, LINK_SECRET_PARAMETERS) lose their values.
UPDATE "mail_outbox"
SET "text_body" = regexp_replace("text_body", '([?&](amp;)?(token|invite)=)[^&[:space:]"''<>]+', '\1[redacted]', 'g'),
    "html_body" = regexp_replace("html_body", '([?&](amp;)?(token|invite)=)[^&[:space:]"''<>]+', '\1[redacted]', 'g'),
    "redacted" = true
WHERE "text_body" ~ '[?&](token|invite)=' OR "html_body" ~ '[?&](amp;)?(token|invite)=';
--> statement-breakpoint
-- Whoever could read the log before may have copied a reset link: outstanding ones stop working (the owner asks for
-- a new one with "Forgot password"; a new login's welcome link is such a link too).
UPDATE "password_reset_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
--> statement-breakpoint
-- A password that changes by any path (reset, an admin's takeover, a future profile form) voids the account's
-- outstanding reset links, so a link mailed earlier cannot undo the change.
CREATE OR REPLACE FUNCTION password_reset_tokens_void() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE password_reset_tokens SET used_at = now() WHERE user_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_password_change_voids_reset_links AFTER UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash) EXECUTE FUNCTION password_reset_tokens_void();
