import { everyone, type MatrixRows, staff } from './expectations';

/** The calendar (issue 21): staff only, as the task and request lists are; the feed's token is its credential. */
export const CALENDAR_ROUTES: MatrixRows = {
  'GET /api/calendar/events': { expect: staff, url: '/api/calendar/events?start=2026-11-01&end=2026-12-01' },
  'GET /api/calendar/feed': { expect: staff },
  'POST /api/calendar/feed/rotate': { expect: staff },
  // Anyone may call; an unknown token answers 404.
  'GET /api/public/calendar/:file': { expect: everyone, url: `/api/public/calendar/${'x'.repeat(43)}.ics` },
};
