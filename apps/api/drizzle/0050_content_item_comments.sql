ALTER TABLE "comments" DROP CONSTRAINT "comments_commentable_type_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "origin" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_origin_check" CHECK ("comments"."origin" in ('app', 'approval_link'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_commentable_type_check" CHECK ("comments"."commentable_type" in ('task', 'request', 'project', 'content_item'));