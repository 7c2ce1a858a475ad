import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './vite-plugins/first-screen-chunks';
import { iconSprite } from './vite-plugins/icon-sprite';
import { modularImports } from './vite-plugins/modular-imports';
import { precompress } from './vite-plugins/precompress';
import { domainWithoutSideEffects } from './vite-plugins/pure-domain';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));

function readAppVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The commit the bundle was built from; outside a git checkout a timestamp stands in so every build still differs. */
function readBuildHash(): string {
  try {
    return execSync('git rev-parse HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return Date.now().toString(16).padStart(12, '0');
  }
}

/**
 * Writes build-info.json next to index.html. The server reports this hash in /api/config, so the update banner
 * compares the build a tab runs with the build the server now serves, not with the repository's HEAD.
 */
function buildInfo(version: string, buildHash: string): Plugin {
  return {
    name: 'portal-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: JSON.stringify({ version, build_hash: buildHash }),
      });
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/**
 * What a first visit of / downloads (scripts/bench/bundle.ts measures the same modules), and the pages shown
 * without the signed-in layout, which must not download it.
 */
const FIRST_SCREEN = {
  entry: 'src/main.tsx',
  firstScreen: [
    // antd's theme, lazy so the sign-in page does without it (app/AppTheme.tsx WithAntd).
    'src/app/AntdTheme.tsx',
    'src/layout/AppLayout.tsx',
    'src/features/dashboard/DashboardPage.tsx',
    'src/features/timelogs/WeeklyHours.tsx',
    'src/features/timelogs/ActiveTimers.tsx',
    'src/features/notifications/NotificationBell.tsx',
    'src/features/notifications/MentionsBadge.tsx',
    'src/features/requests/list/RequestsBadge.tsx',
  ],
  outsideLayout: [
    'LoginPage',
    'RegisterPage',
    'ForgotPasswordPage',
    'ResetPasswordPage',
    'VerifyEmailPage',
    'TermsPage',
    'PrivacyPage',
    'FileViewerPage',
    'MaintenancePage',
    'ClientNoticePage',
    'NotFoundPage',
    'ForbiddenPage',
  ].map((page) => `src/pages/${page}.tsx`),
  signIn: 'src/pages/LoginPage.tsx',
  // zod and @portal/domain: see FirstScreen.leaveOut. Collapse: antd's button styles take a colour helper from the
  // colour picker's presets module, which imports Collapse; tree-shaking drops it, the closure cannot tell.
  leaveOut:
    /[\\/]node_modules[\\/](zod|antd[\\/]es[\\/]collapse|@rc-component[\\/]collapse)[\\/]|[\\/]packages[\\/]domain[\\/]/,
};

const appVersion = readAppVersion();
const buildHash = readBuildHash();
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    iconSprite(),
    modularImports(),
    domainWithoutSideEffects(),
    firstScreenChunks(webRoot, FIRST_SCREEN),
    buildInfo(appVersion, buildHash),
    precompress(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    __BUILD_HASH__: JSON.stringify(buildHash),
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: true },
      // Live channels and the collaborative editor (apps/api/src/live, apps/api/src/collab).
      '/socket.io': { target: `http://localhost:${apiPort}`, ws: true },
      '/collaboration': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // scripts/initial-js-size.mjs reads the manifest to measure what a first visit downloads.
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
});
