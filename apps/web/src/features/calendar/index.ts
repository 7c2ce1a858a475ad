/** The calendar screen (issue 21): what the router loads of this feature. */
export { CalendarPage } from './CalendarPage';
