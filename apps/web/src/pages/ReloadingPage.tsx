import { MESSAGES } from '@portal/domain';
import { Spin } from 'antd';
import { useEffect } from 'react';

/** Shown while the page reloads after a chunk failed to load (see routes/lazyPage.tsx). */
export function ReloadingPage() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return (
    <div className="full-page-center" data-testid="reloading">
      <Spin size="large" />
      <p>{MESSAGES.reloading}</p>
    </div>
  );
}
