import './zodConfig';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { forgetChunkReloadsOnNewBuild } from './routes/chunkReload';
import './pages/plain/plain.css';
import './styles.css';
import './theme.css';

forgetChunkReloadsOnNewBuild(window.localStorage, window.sessionStorage, __BUILD_HASH__);

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
// The installable app's worker (public/sw.js): the offline page and the shell cache, and Web Push once allowed.
// Registered after load so it never competes with the first screen's requests.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // An unsupported context (private mode, an insecure origin): the app works the same without it.
    });
  });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
