import { lazy } from 'react';
import { WithAntd } from '../app/AppTheme';
import { setUiState, useUiState } from '../state/uiStore';
import { useVersionUpdate } from './useVersionUpdate';

// Rarely needed, so fetched only when needed: keeps Alert and Modal out of the first download.
const UpdateBanner = lazy(() => import('./UpdateBanner').then((m) => ({ default: m.UpdateBanner })));
const VersionModal = lazy(() => import('./VersionModal').then((m) => ({ default: m.VersionModal })));

/** App-wide notices: the update banner (new deployment live) and the update modal (API refused this version). */
export function ShellNotices() {
  const updateAvailable = useVersionUpdate();
  const versionModalOpen = useUiState((s) => s.versionModalOpen);
  return (
    <>
      {updateAvailable ? (
        <WithAntd fallback={null}>
          <UpdateBanner />
        </WithAntd>
      ) : null}
      {versionModalOpen ? (
        <WithAntd fallback={null}>
          <VersionModal onClose={() => setUiState({ versionModalOpen: false })} />
        </WithAntd>
      ) : null}
    </>
  );
}
