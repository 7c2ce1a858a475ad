CREATE TABLE "ad_daily_totals" (
	"customer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"days" integer NOT NULL,
	"impressions" bigint NOT NULL,
	"reach" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"spend_cents" bigint NOT NULL,
	"conversions" numeric(16, 2) NOT NULL,
	"conversion_value_cents" bigint NOT NULL,
	CONSTRAINT "ad_daily_totals_customer_id_day_platform_pk" PRIMARY KEY("customer_id","day","platform")
);
--> statement-breakpoint
CREATE TABLE "ad_metric_blocks" (
	"span" smallint NOT NULL,
	"start" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"days" integer NOT NULL,
	"impressions" bigint NOT NULL,
	"reach" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"spend_cents" bigint NOT NULL,
	"conversions" numeric(16, 2) NOT NULL,
	"conversion_value_cents" bigint NOT NULL,
	CONSTRAINT "ad_metric_blocks_span_start_campaign_id_pk" PRIMARY KEY("span","start","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "ad_client_settings" ADD COLUMN "meta_sync_error" text;--> statement-breakpoint
ALTER TABLE "ad_client_settings" ADD COLUMN "meta_sync_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_metric_blocks" ADD CONSTRAINT "ad_metric_blocks_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_daily_totals_day_idx" ON "ad_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ad_daily_totals_empty_idx" ON "ad_daily_totals" USING btree ("customer_id") WHERE "ad_daily_totals"."days" = 0;--> statement-breakpoint
-- ad_metric_blocks and ad_daily_totals (issue 22, the 150 ms analytics figure): sums kept by deltas in the statement
-- that writes ad_metrics, so concurrent writers add up and a range read never sees a day without its block. Both
-- upserts take one order (the primary key's) so two statements touching the same keys cannot deadlock. A row whose
-- count of days reaches 0 is deleted: only a deletion of days can do that, so blocks are looked up by the deleted
-- days' keys then (no index on `days`: block updates stay HOT, within the free space fillfactor 70 leaves).
-- ad_rollups_statements answers the two upserts for a select of signed changed rows; the trigger's own function
-- runs them, as transition tables are visible only there. The changes are first netted per campaign and day, and a
-- day whose figures did not change (a re-import of the same export, the Meta sync's overlap) touches no rollup.
CREATE OR REPLACE FUNCTION ad_rollups_statements(changed text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  WITH net(source) AS (SELECT format($n$
    SELECT c.campaign_id, c.day, sum(c.sign) AS days, sum(c.sign * c.impressions) AS impressions,
      sum(c.sign * c.reach) AS reach, sum(c.sign * c.clicks) AS clicks, sum(c.sign * c.spend_cents) AS spend_cents,
      sum(c.sign * c.conversions) AS conversions, sum(c.sign * c.conversion_value_cents) AS conversion_value_cents
    FROM (%s) c GROUP BY c.campaign_id, c.day
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.impressions) <> 0 OR sum(c.sign * c.reach) <> 0
      OR sum(c.sign * c.clicks) <> 0 OR sum(c.sign * c.spend_cents) <> 0 OR sum(c.sign * c.conversions) <> 0
      OR sum(c.sign * c.conversion_value_cents) <> 0
  $n$, changed))
  SELECT ARRAY[format($q$
    INSERT INTO ad_metric_blocks AS t (span, start, campaign_id, days, impressions, reach, clicks, spend_cents,
      conversions, conversion_value_cents)
    SELECT s.span, d.day - ((d.day - date '1970-01-05') %% s.span), d.campaign_id, sum(d.days), sum(d.impressions),
      sum(d.reach), sum(d.clicks), sum(d.spend_cents), sum(d.conversions), sum(d.conversion_value_cents)
    FROM (%s) d CROSS JOIN (VALUES (2), (8), (32), (128)) s(span)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (span, start, campaign_id) DO UPDATE SET days = t.days + excluded.days,
      impressions = t.impressions + excluded.impressions, reach = t.reach + excluded.reach,
      clicks = t.clicks + excluded.clicks, spend_cents = t.spend_cents + excluded.spend_cents,
      conversions = t.conversions + excluded.conversions,
      conversion_value_cents = t.conversion_value_cents + excluded.conversion_value_cents
  $q$, net.source), format($q$
    INSERT INTO ad_daily_totals AS t (customer_id, day, platform, days, impressions, reach, clicks, spend_cents,
      conversions, conversion_value_cents)
    SELECT a.customer_id, d.day, a.platform, sum(d.days), sum(d.impressions), sum(d.reach), sum(d.clicks),
      sum(d.spend_cents), sum(d.conversions), sum(d.conversion_value_cents)
    FROM (%s) d JOIN ad_campaigns a ON a.id = d.campaign_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (customer_id, day, platform) DO UPDATE SET days = t.days + excluded.days,
      impressions = t.impressions + excluded.impressions, reach = t.reach + excluded.reach,
      clicks = t.clicks + excluded.clicks, spend_cents = t.spend_cents + excluded.spend_cents,
      conversions = t.conversions + excluded.conversions,
      conversion_value_cents = t.conversion_value_cents + excluded.conversion_value_cents
  $q$, net.source)] FROM net
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ad_metrics_rollups_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'campaign_id, day, impressions, reach, clicks, spend_cents, conversions, conversion_value_cents';
  statement text;
BEGIN
  FOREACH statement IN ARRAY ad_rollups_statements(CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS sign, %s FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS sign, %s FROM old_rows', cols)
    ELSE format('SELECT 1 AS sign, %1$s FROM new_rows UNION ALL SELECT -1, %1$s FROM old_rows', cols) END)
  LOOP
    EXECUTE statement;
  END LOOP;
  -- Days removed: deleted ones, or (never done by our writers, handled all the same) ones re-keyed by an update.
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      DELETE FROM ad_metric_blocks b
      USING (SELECT DISTINCT s.span, o.day - ((o.day - date '1970-01-05') %% s.span) AS start, o.campaign_id
        FROM (%s) o CROSS JOIN (VALUES (2), (8), (32), (128)) s(span)) k
      WHERE b.span = k.span AND b.start = k.start AND b.campaign_id = k.campaign_id AND b.days = 0
    $q$, CASE TG_OP WHEN 'DELETE' THEN 'SELECT day, campaign_id FROM old_rows'
      ELSE 'SELECT day, campaign_id FROM old_rows EXCEPT SELECT day, campaign_id FROM new_rows' END);
    DELETE FROM ad_daily_totals WHERE days = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ad_metrics_rollups_ins_trg AFTER INSERT ON ad_metrics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ad_metrics_rollups_trg();
--> statement-breakpoint
CREATE TRIGGER ad_metrics_rollups_upd_trg AFTER UPDATE ON ad_metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ad_metrics_rollups_trg();
--> statement-breakpoint
CREATE TRIGGER ad_metrics_rollups_del_trg AFTER DELETE ON ad_metrics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ad_metrics_rollups_trg();
--> statement-breakpoint
-- A campaign's deletion (itself or its client's) removes its days first, while the campaign is still there to name
-- its client and platform: the cascade that follows would run when the campaign is gone.
CREATE OR REPLACE FUNCTION ad_campaigns_days_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ad_metrics WHERE campaign_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER ad_campaigns_days_del_trg BEFORE DELETE ON ad_campaigns
  FOR EACH ROW EXECUTE FUNCTION ad_campaigns_days_del();
--> statement-breakpoint
-- A campaign moved to another client or platform moves its days in the daily totals (its blocks stay its own).
CREATE OR REPLACE FUNCTION ad_campaigns_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ad_daily_totals AS t (customer_id, day, platform, days, impressions, reach, clicks, spend_cents,
    conversions, conversion_value_cents)
  SELECT k.customer_id, m.day, k.platform, k.sign, k.sign * m.impressions, k.sign * m.reach, k.sign * m.clicks,
    k.sign * m.spend_cents, k.sign * m.conversions, k.sign * m.conversion_value_cents
  FROM ad_metrics m
  CROSS JOIN (VALUES (OLD.customer_id, OLD.platform, -1), (NEW.customer_id, NEW.platform, 1)) k(customer_id, platform, sign)
  WHERE m.campaign_id = NEW.id
  ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, day, platform) DO UPDATE SET days = t.days + excluded.days,
    impressions = t.impressions + excluded.impressions, reach = t.reach + excluded.reach,
    clicks = t.clicks + excluded.clicks, spend_cents = t.spend_cents + excluded.spend_cents,
    conversions = t.conversions + excluded.conversions,
    conversion_value_cents = t.conversion_value_cents + excluded.conversion_value_cents;
  DELETE FROM ad_daily_totals WHERE days = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ad_campaigns_days_move_trg AFTER UPDATE OF customer_id, platform ON ad_campaigns
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.platform IS DISTINCT FROM NEW.platform)
  EXECUTE FUNCTION ad_campaigns_days_move();
--> statement-breakpoint
ALTER TABLE ad_metric_blocks SET (fillfactor = 70);
--> statement-breakpoint
-- The figures already there.
INSERT INTO ad_metric_blocks (span, start, campaign_id, days, impressions, reach, clicks, spend_cents, conversions,
  conversion_value_cents)
SELECT s.span, m.day - ((m.day - date '1970-01-05') % s.span), m.campaign_id, count(*), sum(m.impressions),
  sum(m.reach), sum(m.clicks), sum(m.spend_cents), sum(m.conversions), sum(m.conversion_value_cents)
FROM ad_metrics m CROSS JOIN (VALUES (2), (8), (32), (128)) s(span)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO ad_daily_totals (customer_id, day, platform, days, impressions, reach, clicks, spend_cents, conversions,
  conversion_value_cents)
SELECT a.customer_id, m.day, a.platform, count(*), sum(m.impressions), sum(m.reach), sum(m.clicks),
  sum(m.spend_cents), sum(m.conversions), sum(m.conversion_value_cents)
FROM ad_metrics m JOIN ad_campaigns a ON a.id = m.campaign_id
GROUP BY 1, 2, 3;
