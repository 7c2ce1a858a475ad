/**
 * The calendar (issue 21): one view of everything with a date the viewer may see, and each user's private ICS
 * feed. It reads tasks, requests, comments and plans through those modules' visibility rules; its surface is the
 * plugin.
 */
export { calendarRoutes } from './calendar.routes';
