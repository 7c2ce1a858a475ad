-- Global search's typo tier (issue 24): the distinct words of every searched text with the table they occur in, the
-- dictionary pg_trgm's documentation recommends for spelling correction. A typed word is corrected against this small
-- table by trigrams (search_words_trgm_idx); the corrected words then find rows through the full-text GIN indexes of
-- 0009/0010, instead of a trigram scan over every title. Expand only: the trigram indexes on the searched tables stay
-- for the version still running during the rollout, and go in a later release.
--
-- A word is a lexeme of portal_search_vector(value): the dictionary holds every lexeme a searched row's vector can
-- hold, so the words tier may also skip a table where some typed word starts no word at all (global-search.query.ts).
-- Corrections keep only plain words (letters and digits, as typed terms are: search-terms.ts, typo-tier.ts).
CREATE OR REPLACE FUNCTION portal_search_words(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 8
  BEGIN ATOMIC
    SELECT unnest(tsvector_to_array(portal_search_vector(value)));
  END;
--> statement-breakpoint
-- The primary key is added after the fill below: building it once over 200,000 sorted words is faster than 200,000
-- insertions into it. `source` is the searched table (TG_TABLE_NAME in the triggers).
CREATE TABLE "search_words" (
	"source" text NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
-- New rows' words, one statement's rows at once (an import or the seed inserts thousands per statement). The
-- arguments name the searched columns. Sorted, so two transactions adding the same new words take them in the same
-- order and cannot deadlock on each other's insertion.
CREATE OR REPLACE FUNCTION portal_search_words_of_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (source, word)
    SELECT DISTINCT TG_TABLE_NAME, w FROM inserted_rows AS r, unnest(TG_ARGV) AS searched(column_name),
      portal_search_words(to_jsonb(r) ->> searched.column_name) AS w
    ORDER BY 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A changed text's words, row by row: the trigger fires only when a searched column changed (WHEN below), so the
-- many updates that touch other columns pay nothing.
CREATE OR REPLACE FUNCTION portal_search_words_of_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (source, word)
    SELECT DISTINCT TG_TABLE_NAME, w FROM unnest(TG_ARGV) AS searched(column_name),
      portal_search_words(to_jsonb(NEW) ->> searched.column_name) AS w
    ORDER BY 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers come before the fill: creating them takes the tables' SHARE ROW EXCLUSIVE lock until this migration
-- commits, so no row can be written between the fill's snapshot and the triggers (a few seconds of held writes at the
-- scale seed; reads go on).
CREATE TRIGGER "projects_search_words_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('title');
--> statement-breakpoint
CREATE TRIGGER "projects_search_words_update" AFTER UPDATE OF "title" ON "projects"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION portal_search_words_of_updated('title');
--> statement-breakpoint
CREATE TRIGGER "tasks_search_words_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('title');
--> statement-breakpoint
CREATE TRIGGER "tasks_search_words_update" AFTER UPDATE OF "title" ON "tasks"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION portal_search_words_of_updated('title');
--> statement-breakpoint
CREATE TRIGGER "requests_search_words_insert" AFTER INSERT ON "requests" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('subject');
--> statement-breakpoint
CREATE TRIGGER "requests_search_words_update" AFTER UPDATE OF "subject" ON "requests"
  FOR EACH ROW WHEN (OLD."subject" IS DISTINCT FROM NEW."subject")
  EXECUTE FUNCTION portal_search_words_of_updated('subject');
--> statement-breakpoint
CREATE TRIGGER "customers_search_words_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('business_name');
--> statement-breakpoint
CREATE TRIGGER "customers_search_words_update" AFTER UPDATE OF "business_name" ON "customers"
  FOR EACH ROW WHEN (OLD."business_name" IS DISTINCT FROM NEW."business_name")
  EXECUTE FUNCTION portal_search_words_of_updated('business_name');
--> statement-breakpoint
CREATE TRIGGER "contacts_search_words_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('name', 'email');
--> statement-breakpoint
CREATE TRIGGER "contacts_search_words_update" AFTER UPDATE OF "name", "email" ON "contacts"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION portal_search_words_of_updated('name', 'email');
--> statement-breakpoint
CREATE TRIGGER "forms_search_words_insert" AFTER INSERT ON "forms" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('name');
--> statement-breakpoint
CREATE TRIGGER "forms_search_words_update" AFTER UPDATE OF "name" ON "forms"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION portal_search_words_of_updated('name');
--> statement-breakpoint
CREATE TRIGGER "posts_search_words_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_of_inserted('title', 'excerpt', 'body_text');
--> statement-breakpoint
CREATE TRIGGER "posts_search_words_update" AFTER UPDATE OF "title", "excerpt", "body_text" ON "posts"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."excerpt" IS DISTINCT FROM NEW."excerpt"
    OR OLD."body_text" IS DISTINCT FROM NEW."body_text")
  EXECUTE FUNCTION portal_search_words_of_updated('title', 'excerpt', 'body_text');
--> statement-breakpoint
-- The words a hash holds at once (16 MB at the scale seed) instead of spilling to disk; for this transaction only.
SET LOCAL work_mem = '64MB';
--> statement-breakpoint
INSERT INTO "search_words" ("source", "word")
  SELECT DISTINCT searched.source, w FROM (
    SELECT 'projects' AS source, "title" AS value FROM "projects"
    UNION ALL SELECT 'tasks', "title" FROM "tasks"
    UNION ALL SELECT 'requests', "subject" FROM "requests"
    UNION ALL SELECT 'customers', "business_name" FROM "customers"
    UNION ALL SELECT 'contacts', "name" || ' ' || coalesce("email", '') FROM "contacts"
    UNION ALL SELECT 'forms', "name" FROM "forms"
    UNION ALL SELECT 'posts', "title" || ' ' || coalesce("excerpt", '') || ' ' || "body_text" FROM "posts"
  ) AS searched, portal_search_words(searched.value) AS w;
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_source_word_pk" PRIMARY KEY ("source", "word");
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Whether a table has a word starting with a typed word: a range of this index, as the titles' prefix indexes are read.
CREATE INDEX "search_words_prefix_idx" ON "search_words" ("source", "word" text_pattern_ops);
--> statement-breakpoint
-- Statistics now rather than at autovacuum's next pass: searches read this table from the first one on.
ANALYZE "search_words";
