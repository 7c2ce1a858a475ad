-- Global search (issue 13): word/prefix matching through full-text search and typo tolerance through pg_trgm,
-- both accent- and case-insensitive. unaccent and pg_trgm are trusted extensions, so the database owner may create
-- them without superuser rights.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index. Naming the dictionary
-- explicitly makes the result depend on the input alone; this wrapper declares that, and both the indexes and the
-- queries go through it so the planner sees the same expressions.
CREATE OR REPLACE FUNCTION portal_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
--> statement-breakpoint
-- The 'simple' configuration keeps every word as written (no stemming, no stop words): names and titles are
-- matched by their words and prefixes in any language.
CREATE OR REPLACE FUNCTION portal_search_vector(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('simple'::regconfig, portal_search_text(value));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_search_fts_idx" ON "projects" USING gin (portal_search_vector("title"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_search_trgm_idx" ON "projects" USING gin (portal_search_text("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_search_fts_idx" ON "tasks" USING gin (portal_search_vector("title"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_search_trgm_idx" ON "tasks" USING gin (portal_search_text("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requests_search_fts_idx" ON "requests" USING gin (portal_search_vector("subject"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requests_search_trgm_idx" ON "requests" USING gin (portal_search_text("subject") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_fts_idx" ON "customers" USING gin (portal_search_vector("business_name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers" USING gin (portal_search_text("business_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_fts_idx" ON "contacts" USING gin (portal_search_vector("name" || ' ' || coalesce("email", '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_trgm_idx" ON "contacts" USING gin (portal_search_text("name") gin_trgm_ops);
