/**
 * Places in the shell that later issues fill. They render nothing until then: no numbers are shown that the app
 * cannot back with data.
 */

/** Header: the week's logged hours (tasks and time-log issue). */
export function WeeklyHoursSlot() {
  return null;
}

/** Header: running and paused timers (tasks and time-log issue). */
export function ActiveTimerSlot() {
  return null;
}

/** Header: the notification bell (notifications issue). */
export function NotificationBellSlot() {
  return null;
}

/** Sidebar: unread mentions or new requests count (mentions and requests issues). */
export function NavBadgeSlot(_props: { kind: 'mentions' | 'requests' }) {
  return null;
}
