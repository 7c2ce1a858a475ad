/**
 * Reads an exported CSV back as Excel would: the UTF-8 BOM first (required), then ;-separated fields, quoted when
 * they hold ; " or a line break ("" inside quotes is one "), lines ending in CRLF.
 */
export function parseCsv(payload: Buffer): string[][] {
  const text = payload.toString('utf8');
  if (!text.startsWith('\uFEFF')) {
    throw new Error('the CSV does not start with a UTF-8 BOM');
  }
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Today in the test app's agency time zone (the config default), as export file names carry it: YYYY-MM-DD. */
export function today(timeZone = 'America/New_York'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
