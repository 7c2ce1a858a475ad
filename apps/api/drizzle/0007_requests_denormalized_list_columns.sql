DROP INDEX "requests_created_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "tasks_time_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "project_type" text;--> statement-breakpoint
CREATE INDEX "requests_figures_idx" ON "requests" USING btree ("project_type","status","temperature","time_spent","tasks_time_spent");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","project_type","temperature","project_id");--> statement-breakpoint
-- requests.project_type follows the plan's type: set when a request gets a plan, and when a plan or a plan type changes.
CREATE FUNCTION "requests_set_project_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.project_id IS NULL THEN
    NEW.project_type := NULL;
  ELSE
    SELECT coalesce(pt.project_type, 'others') INTO NEW.project_type
    FROM projects p LEFT JOIN plan_types pt ON pt.id = p.plan_type_id WHERE p.id = NEW.project_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_project_type_trg" BEFORE INSERT OR UPDATE OF "project_id" ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "requests_set_project_type"();--> statement-breakpoint
CREATE FUNCTION "projects_propagate_project_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET project_type = coalesce((SELECT pt.project_type FROM plan_types pt WHERE pt.id = NEW.plan_type_id), 'others')
  WHERE r.project_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_project_type_trg" AFTER UPDATE OF "plan_type_id" ON "projects"
  FOR EACH ROW WHEN (OLD.plan_type_id IS DISTINCT FROM NEW.plan_type_id) EXECUTE FUNCTION "projects_propagate_project_type"();--> statement-breakpoint
CREATE FUNCTION "plan_types_propagate_project_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET project_type = NEW.project_type FROM projects p
  WHERE p.plan_type_id = NEW.id AND r.project_id = p.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plan_types_project_type_trg" AFTER UPDATE OF "project_type" ON "plan_types"
  FOR EACH ROW WHEN (OLD.project_type IS DISTINCT FROM NEW.project_type) EXECUTE FUNCTION "plan_types_propagate_project_type"();--> statement-breakpoint
-- requests.tasks_time_spent = completed minutes on the request's tasks, recomputed for the requests a statement touched
-- (statement-level with transition tables, so bulk writes cost one pass). Deleted tasks no longer join, so their
-- cascaded logs drop out whichever trigger runs last.
CREATE FUNCTION "refresh_requests_tasks_time"(request_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE requests r SET tasks_time_spent = coalesce((
    SELECT sum(tl.minutes) FROM tasks t JOIN time_logs tl ON tl.task_id = t.id
    WHERE t.request_id = r.id AND tl.status = 'completed'), 0)::int
  WHERE r.id = ANY(request_ids);
$$;--> statement-breakpoint
CREATE FUNCTION "time_logs_tasks_time_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_requests_tasks_time(array(SELECT DISTINCT t.request_id FROM new_rows n JOIN tasks t ON t.id = n.task_id
    WHERE t.request_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "time_logs_tasks_time_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_requests_tasks_time(array(SELECT DISTINCT t.request_id FROM old_rows o JOIN tasks t ON t.id = o.task_id
    WHERE t.request_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "time_logs_tasks_time_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_requests_tasks_time(array(SELECT DISTINCT t.request_id FROM (
      SELECT task_id FROM old_rows UNION SELECT task_id FROM new_rows) c JOIN tasks t ON t.id = c.task_id
    WHERE t.request_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_logs_tasks_time_ins_trg" AFTER INSERT ON "time_logs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "time_logs_tasks_time_ins"();--> statement-breakpoint
CREATE TRIGGER "time_logs_tasks_time_del_trg" AFTER DELETE ON "time_logs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "time_logs_tasks_time_del"();--> statement-breakpoint
CREATE TRIGGER "time_logs_tasks_time_upd_trg" AFTER UPDATE ON "time_logs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "time_logs_tasks_time_upd"();--> statement-breakpoint
CREATE FUNCTION "tasks_request_time_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_requests_tasks_time(array(
    SELECT o.request_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.request_id IS DISTINCT FROM n.request_id AND o.request_id IS NOT NULL
    UNION
    SELECT n.request_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.request_id IS DISTINCT FROM n.request_id AND n.request_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "tasks_request_time_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_requests_tasks_time(array(SELECT DISTINCT request_id FROM old_rows WHERE request_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_request_time_upd_trg" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tasks_request_time_upd"();--> statement-breakpoint
CREATE TRIGGER "tasks_request_time_del_trg" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tasks_request_time_del"();--> statement-breakpoint
-- Existing rows.
UPDATE requests r SET project_type = coalesce(pt.project_type, 'others')
  FROM projects p LEFT JOIN plan_types pt ON pt.id = p.plan_type_id WHERE p.id = r.project_id;--> statement-breakpoint
SELECT refresh_requests_tasks_time(array(SELECT DISTINCT request_id FROM tasks WHERE request_id IS NOT NULL));
