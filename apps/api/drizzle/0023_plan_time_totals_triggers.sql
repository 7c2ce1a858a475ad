-- plan_time_totals: minutes ever logged per plan, kept by deltas so concurrent writers add up (a recompute from two
-- snapshots would lose one writer's log). A log counts on its task's plan, or on its request's plan when it has no
-- task (the credits module's loggedMinutes). Deltas for plans that no longer exist are dropped (a plan's deletion
-- cascades into its totals row first).
CREATE OR REPLACE FUNCTION plan_time_totals_apply(p_ids integer[], p_minutes bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO plan_time_totals (project_id, minutes)
  SELECT d.project_id, d.minutes
  FROM (
    SELECT u.project_id, sum(u.minutes)::integer AS minutes
    FROM unnest(p_ids, p_minutes) AS u(project_id, minutes)
    WHERE u.project_id IS NOT NULL
    GROUP BY u.project_id
  ) d
  WHERE d.minutes <> 0 AND EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
  -- One order for every writer, so two statements touching the same plans cannot deadlock.
  ORDER BY d.project_id
  ON CONFLICT (project_id) DO UPDATE SET minutes = plan_time_totals.minutes + excluded.minutes
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_logs_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    SELECT coalesce(t.project_id, CASE WHEN n.task_id IS NULL THEN r.project_id END) AS project_id,
           n.minutes::bigint AS minutes
    FROM new_rows n
    LEFT JOIN tasks t ON t.id = n.task_id
    LEFT JOIN requests r ON r.id = n.request_id
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A log deleted with its task or request finds neither any more: those deltas come from the BEFORE DELETE
-- triggers of tasks and requests below, which still see the logs.
CREATE OR REPLACE FUNCTION plan_time_totals_logs_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    SELECT coalesce(t.project_id, CASE WHEN o.task_id IS NULL THEN r.project_id END) AS project_id,
           -o.minutes::bigint AS minutes
    FROM old_rows o
    LEFT JOIN tasks t ON t.id = o.task_id
    LEFT JOIN requests r ON r.id = o.request_id
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_logs_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    SELECT coalesce(t.project_id, CASE WHEN o.task_id IS NULL THEN r.project_id END) AS project_id,
           -o.minutes::bigint AS minutes
    FROM old_rows o
    LEFT JOIN tasks t ON t.id = o.task_id
    LEFT JOIN requests r ON r.id = o.request_id
    UNION ALL
    SELECT coalesce(t.project_id, CASE WHEN n.task_id IS NULL THEN r.project_id END), n.minutes::bigint
    FROM new_rows n
    LEFT JOIN tasks t ON t.id = n.task_id
    LEFT JOIN requests r ON r.id = n.request_id
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_logs_ins_trg AFTER INSERT ON time_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_time_totals_logs_ins();
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_logs_del_trg AFTER DELETE ON time_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_time_totals_logs_del();
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_logs_upd_trg AFTER UPDATE ON time_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_time_totals_logs_upd();
--> statement-breakpoint
-- A task or request about to be deleted takes its logs' minutes off its plan while the logs are still there.
CREATE OR REPLACE FUNCTION plan_time_totals_task_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(ARRAY[OLD.project_id], ARRAY[-coalesce(sum(l.minutes), 0)::bigint])
  FROM time_logs l WHERE l.task_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_request_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(ARRAY[OLD.project_id], ARRAY[-coalesce(sum(l.minutes), 0)::bigint])
  FROM time_logs l WHERE l.request_id = OLD.id AND l.task_id IS NULL;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_task_del_trg BEFORE DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION plan_time_totals_task_del();
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_request_del_trg BEFORE DELETE ON requests
  FOR EACH ROW EXECUTE FUNCTION plan_time_totals_request_del();
--> statement-breakpoint
-- A task (or a request's own logs) moving to another plan moves its minutes with it.
CREATE OR REPLACE FUNCTION plan_time_totals_task_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    WITH moved AS (
      SELECT o.id, o.project_id AS old_project, n.project_id AS new_project
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.project_id IS DISTINCT FROM n.project_id
    ),
    sums AS (
      SELECT m.old_project, m.new_project, sum(l.minutes)::bigint AS minutes
      FROM moved m JOIN time_logs l ON l.task_id = m.id
      GROUP BY m.old_project, m.new_project
    )
    SELECT old_project AS project_id, -minutes AS minutes FROM sums
    UNION ALL
    SELECT new_project, minutes FROM sums
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_request_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    WITH moved AS (
      SELECT o.id, o.project_id AS old_project, n.project_id AS new_project
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.project_id IS DISTINCT FROM n.project_id
    ),
    sums AS (
      SELECT m.old_project, m.new_project, sum(l.minutes)::bigint AS minutes
      FROM moved m JOIN time_logs l ON l.request_id = m.id AND l.task_id IS NULL
      GROUP BY m.old_project, m.new_project
    )
    SELECT old_project AS project_id, -minutes AS minutes FROM sums
    UNION ALL
    SELECT new_project, minutes FROM sums
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_task_move_trg AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_time_totals_task_move();
--> statement-breakpoint
CREATE TRIGGER plan_time_totals_request_move_trg AFTER UPDATE ON requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plan_time_totals_request_move();
--> statement-breakpoint
-- The plans' totals as they stand (one pass over the logs, once).
INSERT INTO plan_time_totals (project_id, minutes)
SELECT s.project_id, sum(s.minutes)::integer
FROM (
  SELECT t.project_id, l.minutes FROM time_logs l JOIN tasks t ON t.id = l.task_id
  UNION ALL
  SELECT r.project_id, l.minutes FROM time_logs l JOIN requests r ON r.id = l.request_id
  WHERE l.task_id IS NULL AND r.project_id IS NOT NULL
) s
GROUP BY s.project_id
HAVING sum(s.minutes) <> 0
ON CONFLICT (project_id) DO UPDATE SET minutes = excluded.minutes;
