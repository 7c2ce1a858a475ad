-- Global search ranks titles that start with the typed phrase first; these btree indexes find them in order
-- (LIKE 'phrase%' on the folded title) without reading every row of the large tables.
CREATE INDEX IF NOT EXISTS "projects_search_prefix_idx" ON "projects" (portal_search_text("title") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_search_prefix_idx" ON "tasks" (portal_search_text("title") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requests_search_prefix_idx" ON "requests" (portal_search_text("subject") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_prefix_idx" ON "customers" (portal_search_text("business_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_prefix_idx" ON "contacts" (portal_search_text("name") text_pattern_ops);
