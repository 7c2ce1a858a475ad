ALTER TABLE "uploads" ALTER COLUMN "size" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'attachment' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "content_type" text DEFAULT 'application/octet-stream' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "holder_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "stated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_holder_idx" ON "uploads" USING btree ("holder_type","holder_id");--> statement-breakpoint
CREATE INDEX "uploads_unheld_created_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."holder_type" is null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('attachment', 'in-message', 'export'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_holder_check" CHECK (("uploads"."holder_type" is null and "uploads"."holder_id" is null) or ("uploads"."holder_type" in ('task', 'request', 'comment', 'customer', 'user') and "uploads"."holder_id" is not null));--> statement-breakpoint
-- Existing client-notes images move from the pivot to the holder columns before the pivot goes.
UPDATE "uploads" SET "holder_type" = 'customer', "holder_id" = cu."customer_id", "attached_at" = now() FROM (SELECT DISTINCT ON ("upload_id") "upload_id", "customer_id" FROM "customer_uploads" ORDER BY "upload_id", "customer_id") cu WHERE cu."upload_id" = "uploads"."id";--> statement-breakpoint
DROP TABLE "customer_uploads" CASCADE;
