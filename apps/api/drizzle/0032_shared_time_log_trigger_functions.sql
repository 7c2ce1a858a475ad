-- Migrations 0023 (plan_time_totals) and 0025 (report_time_logs) each wrote out the same two rules in their trigger
-- bodies: which plan a time log counts on, and which logs follow a task or a request to another plan. Each rule is now
-- one function that the triggers call; what the triggers write is unchanged.

-- A log counts on its task's plan, or on its request's plan when it has no task (the credits module's loggedMinutes).
-- A log whose task or request is gone (deleted in the same statement) counts on none.
CREATE OR REPLACE FUNCTION time_log_plan(p_task_id integer, p_request_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_task_id IS NOT NULL THEN (SELECT t.project_id FROM tasks t WHERE t.id = p_task_id)
    ELSE (SELECT r.project_id FROM requests r WHERE r.id = p_request_id)
  END
$$;
--> statement-breakpoint
-- The logs that follow tasks or requests (p_kind: the changed table) from their old plan to the new one: a task takes
-- its logs, a request its own (those without a task).
CREATE OR REPLACE FUNCTION moved_time_logs(p_kind text, p_ids integer[], p_old integer[], p_new integer[])
RETURNS TABLE (time_log_id integer, old_project integer, new_project integer, minutes integer)
LANGUAGE sql STABLE AS $$
  -- Two branches rather than one join on a CASE, so each reads its index of time_logs; only p_kind's branch runs.
  SELECT l.id, m.old_project, m.new_project, l.minutes
  FROM unnest(p_ids, p_old, p_new) AS m(id, old_project, new_project)
  JOIN time_logs l ON l.task_id = m.id
  WHERE p_kind = 'tasks'
  UNION ALL
  SELECT l.id, m.old_project, m.new_project, l.minutes
  FROM unnest(p_ids, p_old, p_new) AS m(id, old_project, new_project)
  JOIN time_logs l ON l.request_id = m.id AND l.task_id IS NULL
  WHERE p_kind = 'requests'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_logs_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(time_log_plan(n.task_id, n.request_id)), array_agg(n.minutes::bigint))
  FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A log deleted with its task or request finds neither any more: those deltas come from the BEFORE DELETE
-- triggers of tasks and requests (0023), which still see the logs.
CREATE OR REPLACE FUNCTION plan_time_totals_logs_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(time_log_plan(o.task_id, o.request_id)), array_agg(-o.minutes::bigint))
  FROM old_rows o;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_time_totals_logs_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM (
    SELECT time_log_plan(o.task_id, o.request_id) AS project_id, -o.minutes::bigint AS minutes FROM old_rows o
    UNION ALL
    SELECT time_log_plan(n.task_id, n.request_id), n.minutes::bigint FROM new_rows n
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_logs_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_time_logs (time_log_id, date, user_id, project_id, task_id, request_id, minutes, status, category)
  SELECT n.id, n.date, n.user_id, time_log_plan(n.task_id, n.request_id), n.task_id, n.request_id, n.minutes,
         n.status, n.category
  FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_logs_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_logs rl
  SET date = n.date, user_id = n.user_id, minutes = n.minutes, status = n.status, category = n.category,
      task_id = n.task_id, request_id = n.request_id, project_id = time_log_plan(n.task_id, n.request_id)
  FROM new_rows n
  WHERE rl.time_log_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A task or a request changing plan: its logs' minutes move between the plans' totals and the report's copy of each
-- log names the new plan. One trigger per table instead of one per table and consumer, so the moved logs are read once.
CREATE OR REPLACE FUNCTION time_logs_follow_plan_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  olds integer[];
  news integer[];
BEGIN
  SELECT array_agg(o.id), array_agg(o.project_id), array_agg(n.project_id) INTO ids, olds, news
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.project_id IS DISTINCT FROM n.project_id;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM plan_time_totals_apply(array_agg(x.project_id), array_agg(x.minutes))
  FROM moved_time_logs(TG_TABLE_NAME, ids, olds, news) m
  CROSS JOIN LATERAL (VALUES (m.old_project, -m.minutes::bigint), (m.new_project, m.minutes::bigint)) x(project_id, minutes);
  UPDATE report_time_logs rl SET project_id = m.new_project
  FROM moved_time_logs(TG_TABLE_NAME, ids, olds, news) m
  WHERE rl.time_log_id = m.time_log_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER plan_time_totals_task_move_trg ON tasks;
--> statement-breakpoint
DROP TRIGGER report_time_logs_task_move_trg ON tasks;
--> statement-breakpoint
DROP TRIGGER plan_time_totals_request_move_trg ON requests;
--> statement-breakpoint
DROP TRIGGER report_time_logs_request_move_trg ON requests;
--> statement-breakpoint
DROP FUNCTION plan_time_totals_task_move();
--> statement-breakpoint
DROP FUNCTION plan_time_totals_request_move();
--> statement-breakpoint
DROP FUNCTION report_time_logs_task_move();
--> statement-breakpoint
DROP FUNCTION report_time_logs_request_move();
--> statement-breakpoint
CREATE TRIGGER time_logs_follow_plan_move_trg AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION time_logs_follow_plan_move();
--> statement-breakpoint
CREATE TRIGGER time_logs_follow_plan_move_trg AFTER UPDATE ON requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION time_logs_follow_plan_move();
