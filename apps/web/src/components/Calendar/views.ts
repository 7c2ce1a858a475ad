/** FullCalendar's view names for the views every calendar of the app offers; `agenda` is the list view of the month. */
export const CALENDAR_VIEW_NAMES = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  agenda: 'listMonth',
} as const;
export type CalendarViewKey = keyof typeof CALENDAR_VIEW_NAMES;
