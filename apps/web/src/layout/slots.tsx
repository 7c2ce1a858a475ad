import { lazy, Suspense } from 'react';

/**
 * Places in the shell that later issues fill. They render nothing until then: no numbers are shown that the app
 * cannot back with data.
 */

const WeeklyHours = lazy(() => import('../features/timelogs/WeeklyHours').then((m) => ({ default: m.WeeklyHours })));
const ActiveTimers = lazy(() => import('../features/timelogs/ActiveTimers').then((m) => ({ default: m.ActiveTimers })));

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

/** Header: the notification bell (notifications issue). */
export function NotificationBellSlot() {
  return null;
}

/** Sidebar: unread mentions or new requests count (mentions and requests issues). */
export function NavBadgeSlot(_props: { kind: 'mentions' | 'requests' }) {
  return null;
}
