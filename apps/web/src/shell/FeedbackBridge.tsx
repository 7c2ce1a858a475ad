import { lazy, useEffect, useState } from 'react';
import { WithAntd } from '../app/AppTheme';
import { onMessageApiWanted } from './feedback';

// antd's message API (with the notification machinery under it) loads with the first message to show, not with
// the first screen; feedback.ts holds what is reported meanwhile.
const MessageHolder = lazy(() => import('./MessageHolder').then((m) => ({ default: m.MessageHolder })));

/** Mounts the message holder (see MessageHolder) once something is to be shown. */
export function FeedbackBridge() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onMessageApiWanted(() => setWanted(true));
    return () => onMessageApiWanted(null);
  }, []);
  return wanted ? (
    // WithAntd's own Suspense waits for the holder's chunk too.
    <WithAntd fallback={null}>
      <MessageHolder />
    </WithAntd>
  ) : null;
}
