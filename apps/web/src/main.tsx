import './zodConfig';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { forgetChunkReloadsOnNewBuild } from './routes/chunkReload';
import './styles.css';

forgetChunkReloadsOnNewBuild(window.localStorage, window.sessionStorage, __BUILD_HASH__);

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
