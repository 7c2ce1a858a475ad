import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm run dev`: the API with reload on change (port 3000) and Vite with its proxy to it (port 5173). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Without SMTP, mail (with its reset and verification links) lands in data/mail-pickup: the e-mail log redacts them.
const env = { MAIL_PICKUP_DIR: 'data/mail-pickup', ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/api/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
