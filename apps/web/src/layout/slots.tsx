import { lazy, Suspense } from 'react';
import { useConfig, useCurrentUser } from '../auth/queries';
import { shouldOfferSms } from '../features/notifications/smsPromptRule';

/**
 * Places in the shell that later issues fill. They render nothing until then: no numbers are shown that the app
 * cannot back with data.
 */

const WeeklyHours = lazy(() => import('../features/timelogs/WeeklyHours').then((m) => ({ default: m.WeeklyHours })));
const ActiveTimers = lazy(() => import('../features/timelogs/ActiveTimers').then((m) => ({ default: m.ActiveTimers })));
const RequestsBadge = lazy(() =>
  import('../features/requests/list/RequestsBadge').then((m) => ({ default: m.RequestsBadge })),
);
const NotificationBell = lazy(() =>
  import('../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const SmsPrompt = lazy(() => import('../features/notifications/SmsPrompt').then((m) => ({ default: m.SmsPrompt })));
const MentionsBadge = lazy(() =>
  import('../features/notifications/MentionsBadge').then((m) => ({ default: m.MentionsBadge })),
);

/** Header: the week's logged hours (its own chunk; nothing shows until the summary arrives). */
export function WeeklyHoursSlot() {
  return (
    <Suspense fallback={null}>
      <WeeklyHours />
    </Suspense>
  );
}

/** Header: running and paused timers with the timer widget. */
export function ActiveTimerSlot() {
  return (
    <Suspense fallback={null}>
      <ActiveTimers />
    </Suspense>
  );
}

/** Header: the notification bell with its dropdown and the push prompt (its own chunk). */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}

/** Sidebar: unread mentions or new requests count (mentions and requests issues). */
export function NavBadgeSlot(props: { kind: 'mentions' | 'requests' }) {
  if (props.kind === 'requests') {
    return <RequestsBadgeSlot />;
  }
  return <MentionsBadgeSlot />;
}

/** Sidebar: the unread-mentions count (its own chunk). */
function MentionsBadgeSlot() {
  return (
    <Suspense fallback={null}>
      <MentionsBadge />
    </Suspense>
  );
}

/** Sidebar: the new-requests count (its own chunk). */
function RequestsBadgeSlot() {
  return (
    <Suspense fallback={null}>
      <RequestsBadge />
    </Suspense>
  );
}

/** On the dashboard: the compact SMS notice, loaded only where it may be offered (smsPromptRule.ts). */
export function SmsPromptSlot() {
  const user = useCurrentUser().data;
  const config = useConfig();
  if (!shouldOfferSms(config, user)) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <SmsPrompt />
    </Suspense>
  );
}
