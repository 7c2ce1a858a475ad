import { AD_MESSAGES, type AdMetricField, type CampaignImportReport } from '@portal/domain';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError, notFound, validationError } from '../../http/errors';
import { type MetricRow, upsertMetrics } from './ad-metrics-store';
import { customerIdOf, readMapping } from './ad-settings';
import { KNOWN_LAYOUTS, type Placement, parseDay, parseFigure, placeKnown, placeMapped } from './csv-layouts';

type Ctx = Pick<AppContext, 'db' | 'storage'>;

/**
 * Lines are written in batches: memory stays flat however long the file is (the ads benchmark: 100,000 lines).
 * 10,000 rather than 2,000: each statement also updates the rollup blocks its days fall in (migration 0050), and a
 * larger batch touches each campaign's block once for more of its days.
 */
const BATCH = 10_000;
/** The report lists this many line errors; later failed lines are still counted in `skipped`. */
const MAX_REPORTED_ERRORS = 500;

const FIGURE_LABELS: Record<AdMetricField, string> = {
  campaign_name: 'Campaign name',
  day: 'Day',
  impressions: 'Impressions',
  reach: 'Reach',
  clicks: 'Clicks',
  spend: 'Spend',
  conversions: 'Conversions',
  conversion_value: 'Conversion value',
};

/**
 * The 422 of a file whose header row is not a known export and not this client's mapping: `code` unknown_headers
 * and the file's column names in `errors.headers`, for the mapping step.
 */
const unknownHeaders = (headers: string[]) =>
  new AppError(422, AD_MESSAGES.unknownHeaders, {
    code: 'unknown_headers',
    errors: { headers: headers.slice(0, 100) },
  });

type Parsed = { ok: true; row: Omit<MetricRow, 'campaignId'> & { name: string } } | { ok: false; message: string };

function readLine(record: string[], at: Placement): Parsed {
  const name = (record[at.campaign_name ?? -1] ?? '').trim();
  if (!name) {
    return { ok: false, message: AD_MESSAGES.campaignNameMissing };
  }
  const day = parseDay(record[at.day ?? -1]);
  if (!day) {
    return { ok: false, message: AD_MESSAGES.dayInvalid };
  }
  const figures: Record<string, number> = {};
  for (const field of ['impressions', 'reach', 'clicks', 'spend', 'conversions', 'conversion_value'] as const) {
    const index = at[field];
    const value = index === undefined ? 0 : parseFigure(record[index]);
    if (value === null) {
      return { ok: false, message: AD_MESSAGES.numberInvalid(FIGURE_LABELS[field]) };
    }
    if (value < 0) {
      return { ok: false, message: AD_MESSAGES.negative(FIGURE_LABELS[field]) };
    }
    figures[field] = value;
  }
  return {
    ok: true,
    row: {
      name,
      day,
      impressions: Math.round(figures.impressions ?? 0),
      reach: Math.round(figures.reach ?? 0),
      clicks: Math.round(figures.clicks ?? 0),
      spendCents: Math.round((figures.spend ?? 0) * 100),
      conversions: Math.round((figures.conversions ?? 0) * 100) / 100,
      conversionValueCents: Math.round((figures.conversion_value ?? 0) * 100),
    },
  };
}

/**
 * POST campaigns/import: streams the uploaded CSV from storage through csv-parse, line by line, and upserts each
 * campaign's day (a re-import replaces the day's figures, never adds to them). A line that cannot be read is
 * reported with its line number and the others still land. Campaigns are found by name within the client; a
 * name the client has no campaign for creates one (on the export's platform) and the report lists it: an
 * export of a live ad account names campaigns nobody typed in here. A hand-mapped layout names no platform, so
 * there a missing campaign is a line error instead.
 */
export async function importMetrics(
  ctx: Ctx,
  userId: number,
  input: { upload_uuid: string; customer_uuid: string },
): Promise<CampaignImportReport> {
  const customerId = await customerIdOf(ctx.db, input.customer_uuid);
  const found = await ctx.db.execute<{ url: string; extension: string }>(
    sql`select url, extension from uploads where uuid = ${input.upload_uuid} and created_by_id = ${userId}`,
  );
  const upload = found.rows[0];
  if (!upload) {
    throw notFound(AD_MESSAGES.uploadNotFound);
  }
  if (upload.extension.toLowerCase() !== 'csv') {
    throw validationError({ upload_uuid: [AD_MESSAGES.notCsv] });
  }
  const mapping = await readMapping(ctx.db, customerId);
  const campaigns = new Map<string, number>();
  const known = await ctx.db.execute<{ id: number; name: string }>(
    sql`select id, name from ad_campaigns where customer_id = ${customerId}`,
  );
  for (const row of known.rows) {
    campaigns.set(row.name.toLowerCase(), row.id);
  }

  const report: CampaignImportReport = { imported: 0, skipped: 0, errors: [], created_campaigns: [], layout: 'meta' };
  const fail = (line: number, message: string) => {
    report.skipped++;
    if (report.errors.length < MAX_REPORTED_ERRORS) {
      report.errors.push({ line, message });
    }
  };
  let placement: Placement | null = null;
  let firstHeader: string[] | null = null;
  let pending: { line: number; row: Extract<Parsed, { ok: true }>['row'] }[] = [];

  const flush = async () => {
    if (report.layout !== 'mapping') {
      // The batch's new names in one statement, in the order the file names them (the report lists them so).
      const missing = new Map<string, string>();
      for (const { row } of pending) {
        const key = row.name.toLowerCase();
        if (!campaigns.has(key) && !missing.has(key)) {
          missing.set(key, row.name);
        }
      }
      if (missing.size > 0) {
        const made = await createNamed(ctx, customerId, userId, [...missing.values()], report.layout);
        for (const [key, name] of missing) {
          campaigns.set(key, made.get(key) ?? 0);
          report.created_campaigns.push(name);
        }
      }
    }
    const rows: MetricRow[] = [];
    for (const { line, row } of pending) {
      const campaignId = campaigns.get(row.name.toLowerCase());
      if (campaignId === undefined) {
        fail(line, `No campaign named "${row.name}" for this client`);
        continue;
      }
      rows.push({ ...row, campaignId });
    }
    pending = [];
    report.imported += await upsertMetrics(ctx.db, rows);
  };

  const parser = (await ctx.storage.read(upload.url)).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const line = info.lines;
    if (placement === null) {
      // Title lines (Google's report name and date range) have fewer than three cells: not a header yet.
      if (record.filter((cell) => cell.trim() !== '').length < 3) {
        continue;
      }
      for (const layout of KNOWN_LAYOUTS) {
        placement = placeKnown(record, layout);
        if (placement) {
          report.layout = layout.name;
          break;
        }
      }
      if (!placement && mapping) {
        placement = placeMapped(record, mapping);
        report.layout = 'mapping';
      }
      if (!placement) {
        firstHeader = record.map((cell) => cell.trim()).filter(Boolean);
        break;
      }
      continue;
    }
    // Google's "Total: Account" / "Total: Campaigns" summary rows are not a campaign's day.
    if (/^total:/i.test((record[0] ?? '').trim())) {
      report.skipped++;
      continue;
    }
    const parsed = readLine(record, placement);
    if (!parsed.ok) {
      fail(line, parsed.message);
      continue;
    }
    pending.push({ line, row: parsed.row });
    if (pending.length >= BATCH) {
      await flush();
    }
  }
  if (!placement) {
    parser.destroy();
    if (firstHeader) {
      throw unknownHeaders(firstHeader);
    }
    throw validationError({ upload_uuid: [AD_MESSAGES.noHeaderRow] });
  }
  await flush();
  // Missing campaigns are found at a batch's flush, after later lines' own errors: the report reads in file order.
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** Creates the named campaigns (names distinct case-insensitively) and answers lower(name) → id. */
async function createNamed(
  ctx: Pick<AppContext, 'db'>,
  customerId: number,
  userId: number,
  names: string[],
  layout: 'meta' | 'google_ads',
): Promise<Map<string, number>> {
  const made = await ctx.db.execute<{ id: number; name: string }>(sql`insert into ad_campaigns
      (customer_id, name, platform, status, created_by_id)
    select ${customerId}, left(n, 200), ${layout}, 'active', ${userId} from unnest(${sql.param(names)}::text[]) n
    on conflict (customer_id, lower(name)) do update set updated_at = now()
    returning id, name`);
  return new Map(made.rows.map((row) => [row.name.toLowerCase(), row.id]));
}
