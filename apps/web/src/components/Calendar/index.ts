export { PortalCalendar } from './PortalCalendar';
export { CALENDAR_VIEW_NAMES, type CalendarViewKey } from './views';
