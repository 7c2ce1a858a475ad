import { BackupError } from '../apps/api/src/backup';

/** Runs a backup command: an expected refusal prints its message alone and exits 1; anything else keeps its stack. */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
    process.exit(0);
  } catch (error) {
    process.stderr.write(error instanceof BackupError ? `\n${error.message}\n\n` : `${(error as Error).stack}\n`);
    process.exit(1);
  }
}
