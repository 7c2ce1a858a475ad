import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type ReactNode, type Ref, useEffect } from 'react';
import './portal-calendar.css';

type Props = {
  events: EventInput[];
  /** FullCalendar's view name (views.ts). */
  initialView: string;
  initialDate?: string;
  narrow: boolean;
  busy?: boolean;
  testId: string;
  /** Accessible name of the calendar region. */
  label: string;
  eventContent(arg: EventContentArg): ReactNode;
  eventClick(arg: EventClickArg): void;
  eventDrop?(arg: EventDropArg): void;
  datesSet?(arg: DatesSetArg): void;
  calendarRef?: Ref<FullCalendar>;
};

/**
 * The app's one calendar (issue 21's setup, shared with content plans): month, week, day and agenda views, Monday
 * first, the toolbar folded for phones (agenda and day at 390 px, where a month grid has no room for titles),
 * contrast-safe colours (portal-calendar.css) and FullCalendar's unnamed arrow icons hidden from assistive
 * technology (their buttons carry the name).
 */
export function PortalCalendar({
  events,
  initialView,
  initialDate,
  narrow,
  busy,
  testId,
  label,
  eventContent,
  eventClick,
  eventDrop,
  datesSet,
  calendarRef,
}: Props) {
  useEffect(() => {
    for (const icon of document.querySelectorAll('.calendar-frame .fc-icon[role="img"]')) {
      icon.setAttribute('aria-hidden', 'true');
    }
  });
  return (
    <section className="calendar-frame" data-testid={testId} aria-busy={busy} aria-label={label}>
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={
          narrow
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }
        }
        footerToolbar={narrow ? { center: 'listMonth,timeGridDay' } : undefined}
        buttonText={{ today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'Agenda' }}
        firstDay={1}
        height="auto"
        dayMaxEvents={false}
        nowIndicator
        events={events}
        eventContent={eventContent}
        eventClick={eventClick}
        eventDrop={eventDrop}
        datesSet={datesSet}
      />
    </section>
  );
}
