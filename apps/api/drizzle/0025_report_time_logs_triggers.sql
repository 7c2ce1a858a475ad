-- report_time_logs mirrors time_logs with each log's plan resolved (its task's plan, else its request's), so reports
-- read one covering index by date instead of joining the logs to tasks and requests. Deletes follow by the foreign
-- key's cascade; these triggers keep inserts, updates and plan moves.
CREATE OR REPLACE FUNCTION report_time_logs_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_time_logs (time_log_id, date, user_id, project_id, task_id, request_id, minutes, status, category)
  SELECT n.id, n.date, n.user_id, coalesce(t.project_id, CASE WHEN n.task_id IS NULL THEN r.project_id END),
         n.task_id, n.request_id, n.minutes, n.status, n.category
  FROM new_rows n
  LEFT JOIN tasks t ON t.id = n.task_id
  LEFT JOIN requests r ON r.id = n.request_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_logs_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_logs rl
  SET date = n.date, user_id = n.user_id, minutes = n.minutes, status = n.status, category = n.category,
      task_id = n.task_id, request_id = n.request_id,
      project_id = coalesce(t.project_id, CASE WHEN n.task_id IS NULL THEN r.project_id END)
  FROM new_rows n
  LEFT JOIN tasks t ON t.id = n.task_id
  LEFT JOIN requests r ON r.id = n.request_id
  WHERE rl.time_log_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_time_logs_ins_trg AFTER INSERT ON time_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_time_logs_ins();
--> statement-breakpoint
CREATE TRIGGER report_time_logs_upd_trg AFTER UPDATE ON time_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_time_logs_upd();
--> statement-breakpoint
-- A task moving to another plan takes its logs with it; a request its own logs (those without a task).
CREATE OR REPLACE FUNCTION report_time_logs_task_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_logs rl SET project_id = n.project_id
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  JOIN time_logs l ON l.task_id = n.id
  WHERE o.project_id IS DISTINCT FROM n.project_id AND rl.time_log_id = l.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_logs_request_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_logs rl SET project_id = n.project_id
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  JOIN time_logs l ON l.request_id = n.id AND l.task_id IS NULL
  WHERE o.project_id IS DISTINCT FROM n.project_id AND rl.time_log_id = l.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_time_logs_task_move_trg AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_time_logs_task_move();
--> statement-breakpoint
CREATE TRIGGER report_time_logs_request_move_trg AFTER UPDATE ON requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_time_logs_request_move();
--> statement-breakpoint
-- The logs as they stand, in index order (one pass; the index is built once rather than row by row).
DROP INDEX "report_time_logs_date_idx";
--> statement-breakpoint
INSERT INTO report_time_logs (time_log_id, date, user_id, project_id, task_id, request_id, minutes, status, category)
SELECT l.id, l.date, l.user_id, coalesce(t.project_id, CASE WHEN l.task_id IS NULL THEN r.project_id END),
       l.task_id, l.request_id, l.minutes, l.status, l.category
FROM time_logs l
LEFT JOIN tasks t ON t.id = l.task_id
LEFT JOIN requests r ON r.id = l.request_id
ON CONFLICT (time_log_id) DO NOTHING;
--> statement-breakpoint
CREATE INDEX "report_time_logs_date_idx" ON "report_time_logs" USING btree
  ("date", "user_id", "project_id", "task_id", "status", "category", "minutes", "time_log_id");
--> statement-breakpoint
ANALYZE report_time_logs;
