import { MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { PlainSpinner } from './plain/PlainSpinner';

/** Shown while the page reloads after a chunk failed to load (see routes/lazyPage.tsx). */
export function ReloadingPage() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return (
    <div className="full-page-center" data-testid="reloading">
      <PlainSpinner label={MESSAGES.reloading} />
      <p>{MESSAGES.reloading}</p>
    </div>
  );
}
