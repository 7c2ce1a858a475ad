import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on every platform Node supports. */
const TICK_MS = 10;

type Stat = { ppid: number; ticks: number; childTicks: number };

/** utime+stime (own) and cutime+cstime (exited children it has waited for) of a process; null once it is gone. */
function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; the numeric fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { ppid: at(4), ticks: at(14) + at(15), childTicks: at(16) + at(17) };
  } catch {
    return null;
  }
}

/** CPU ms a process has used so far. */
export function processCpuMs(pid: number): number {
  return (readStat(pid)?.ticks ?? 0) * TICK_MS;
}

/**
 * CPU ms a PostgreSQL server has used so far: the postmaster, every live child (backends, writers) and the children
 * that have already exited (their time moves into the postmaster's cutime/cstime), so a backend that ends during the
 * measurement is still counted.
 */
export function postgresCpuMs(postmasterPid: number): number {
  const postmaster = readStat(postmasterPid);
  if (!postmaster) {
    return 0;
  }
  let ticks = postmaster.ticks + postmaster.childTicks;
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      const stat = readStat(Number(entry));
      if (stat?.ppid === postmasterPid) {
        ticks += stat.ticks;
      }
    }
  }
  return ticks * TICK_MS;
}

/** The postmaster of the server a backend belongs to (a backend is the postmaster's direct child). */
export function parentPid(pid: number): number {
  return readStat(pid)?.ppid ?? 0;
}

export type CpuFigures = { requests: number; apiMs: number; pgMs: number; perRequest: number; rps: number };

/**
 * A bounded load (`amount` requests over `connections` connections) while the CPU of the serving process and of its
 * PostgreSQL is read from /proc before and after; answers CPU ms per request. `pgPid` 0 = no database (a baseline).
 */
export async function cpuPerRequest(options: {
  url: string;
  headers?: Record<string, string>;
  serverPid: number;
  pgPid: number;
  amount: number;
  connections?: number;
}): Promise<CpuFigures> {
  const { serverPid, pgPid } = options;
  const before = { api: processCpuMs(serverPid), pg: pgPid ? postgresCpuMs(pgPid) : 0 };
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections ?? 4,
    amount: options.amount,
  });
  const apiMs = processCpuMs(serverPid) - before.api;
  const pgMs = pgPid ? postgresCpuMs(pgPid) - before.pg : 0;
  if (result.non2xx || result.errors) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  const requests = result.requests.total;
  return { requests, apiMs, pgMs, perRequest: (apiMs + pgMs) / requests, rps: result.requests.average };
}
