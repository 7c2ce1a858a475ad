import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { type ExportFormat, formatMinutes } from '@portal/domain';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/client';

/** Rows fetched from the cursor at a time: memory stays at one batch whatever the export's size. */
const FETCH_ROWS = 2000;
const CSV_DELIMITER = ';';
/** UTF-8 byte order mark: without it Excel reads a UTF-8 CSV as the system code page (doc 2 §9 "so Excel opens it"). */
const BOM = '\uFEFF';

type Row = Record<string, unknown>;
export type ExportValue = string | number | null;

/** One column of the file: its header (the list's column title) and the row's readable value. */
export type ExportColumn = { header: string; value: (row: Row) => ExportValue; width?: number };

export type ExportSpec = {
  /** The table the file is named after: `{name}-{YYYY-MM-DD}.{format}` (exportFileName). */
  name: string;
  format: ExportFormat;
  columns: readonly ExportColumn[];
  /** The list's own select (its filters, visibility, order, page), one row per exported line. */
  query: SQL;
};

const dialect = new PgDialect({ casing: 'snake_case' });

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A spreadsheet treats a cell starting with =, +, -, @ (or a tab/CR) as a formula; text from users (a task title)
 * must not run as one in the reader's Excel (CSV injection), so such text gets a leading apostrophe.
 */
function safeText(value: ExportValue): ExportValue {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A server-side cursor over the query on a connection of its own, in a read-only snapshot. */
class ExportCursor {
  private closed = false;

  private constructor(private readonly client: pg.PoolClient) {}

  static async open(db: Database, query: SQL): Promise<ExportCursor> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await db.$client.connect();
    const cursor = new ExportCursor(client);
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query({ text: `declare portal_export no scroll cursor for ${text}`, values: params });
    } catch (error) {
      await cursor.close(error);
      throw error;
    }
    return cursor;
  }

  async next(): Promise<Row[]> {
    const result = await this.client.query<Row>(`fetch forward ${FETCH_ROWS} from portal_export`);
    return result.rows;
  }

  async close(error?: unknown): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    try {
      await this.client.query(error ? 'rollback' : 'commit');
      this.client.release();
    } catch (closeError) {
      // A broken connection goes back destroyed, never to another caller.
      this.client.release(closeError instanceof Error ? closeError : true);
    }
  }
}

/** Waits for the reader to take what was written, or for the answer to be torn down (never for a past 'close'). */
async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) {
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
}

async function writeChunk(out: PassThrough, chunk: string | Buffer): Promise<void> {
  if (!out.destroyed && !out.write(chunk)) {
    await drained(out);
  }
}

async function pumpCsv(cursor: ExportCursor, first: Row[], spec: ExportSpec, out: PassThrough) {
  const line = (values: ExportValue[]) => stringify([values], { delimiter: CSV_DELIMITER, record_delimiter: '\r\n' });
  await writeChunk(out, BOM + line(spec.columns.map((c) => c.header)));
  for (let rows = first; rows.length > 0 && !out.destroyed; rows = await cursor.next()) {
    const records = rows.map((row) => spec.columns.map((c) => safeText(c.value(row))));
    await writeChunk(out, stringify(records, { delimiter: CSV_DELIMITER, record_delimiter: '\r\n' }));
  }
}

async function pumpXlsx(cursor: ExportCursor, first: Row[], spec: ExportSpec, out: PassThrough) {
  // Loaded on the first spreadsheet export, not at start: exceljs is the heaviest module the server imports.
  const { default: ExcelJS } = await import('exceljs');
  // Streaming writer without shared strings: each row is zipped and leaves memory once committed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('data');
  sheet.columns = spec.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 20 }));
  for (let rows = first; rows.length > 0 && !out.destroyed; rows = await cursor.next()) {
    for (const row of rows) {
      sheet.addRow(spec.columns.map((c) => safeText(c.value(row)))).commit();
    }
    await drained(out);
  }
  if (out.destroyed) {
    return; // the client went away: nothing to finish
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The export's file name: the table and the agency's date, so downloads of different tables and days do not
 * overwrite each other as the spec's single 'data' name did (`tasks-2026-11-27.csv`).
 */
export function exportFileName(name: string, format: ExportFormat, timeZone: string, now = new Date()): string {
  // en-CA formats a date as YYYY-MM-DD.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  return `${name}-${day}.${format}`;
}

/**
 * Answers the list as {table}-{date}.csv or .xlsx (exportFileName), streamed from a database cursor: the cursor is opened and its first
 * batch read before the answer starts, so a failing query still answers a proper error; after that, rows flow
 * batch by batch with the client's pace (backpressure), and a client that goes away stops the cursor.
 */
export async function sendExport(
  db: Database,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  spec: ExportSpec,
  timeZone: string,
): Promise<FastifyReply> {
  const cursor = await ExportCursor.open(db, spec.query);
  let first: Row[];
  try {
    first = await cursor.next();
  } catch (error) {
    await cursor.close(error);
    throw error;
  }
  const out = new PassThrough();
  const pump = spec.format === 'csv' ? pumpCsv : pumpXlsx;
  void pump(cursor, first, spec, out)
    .then(async () => {
      await cursor.close();
      out.end();
    })
    .catch(async (error: unknown) => {
      log.error({ err: error }, 'export failed while streaming');
      await cursor.close(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return reply
    .header('content-type', CONTENT_TYPES[spec.format])
    .header('content-disposition', `attachment; filename="${exportFileName(spec.name, spec.format, timeZone)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** `limit … offset …` of the export's page (page[size] up to 100,000). */
export function exportPage(page: { size: number; number: number }): SQL {
  return sql`limit ${page.size} offset ${(page.number - 1) * page.size}`;
}

/** Readable forms shared by the resources' columns (doc 2 §9: dates MM/DD/YYYY, hours hh:mm). */
export const readable = {
  text: (value: unknown): ExportValue => (value === null || value === undefined ? null : String(value)),
  /** A date column (YYYY-MM-DD, or a timestamp) as MM/DD/YYYY. */
  date: (value: unknown): ExportValue => {
    if (value === null || value === undefined) {
      return null;
    }
    const iso = value instanceof Date ? value.toISOString() : String(value);
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
    return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
  },
  /** A status code as words: in_progress → In progress. */
  status: (value: unknown): ExportValue => {
    if (typeof value !== 'string' || value === '') {
      return null;
    }
    const words = value.replaceAll('_', ' ').replaceAll('-', ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  },
  /** Minutes as hh:mm. */
  hours: (value: unknown): ExportValue => formatMinutes(Number(value ?? 0)),
  number: (value: unknown): ExportValue =>
    value === null || value === undefined || value === '' ? null : Number(value),
};
