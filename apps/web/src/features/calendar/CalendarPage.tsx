import type { EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { CALENDAR_KIND_LABELS, type CalendarEvent } from '@portal/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PortalCalendar } from '../../components/Calendar';
import { useIsNarrow } from '../../layout/useMediaQuery';
import { reportError } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { CALENDAR_KEY, listCalendarEvents, moveEvent } from './api';
import { CalendarFiltersBar } from './CalendarFilters';
import { CALENDAR_VIEWS, type CalendarView, localDay, moveValues, readCalendarParams } from './calendarParams';
import { SubscribeButton } from './SubscribeButton';
import './calendar.css';

const VIEW_OF: Record<string, CalendarView> = Object.fromEntries(
  Object.entries(CALENDAR_VIEWS).map(([view, name]) => [name, view as CalendarView]),
);

function toInput(event: CalendarEvent): EventInput {
  return {
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end ?? undefined,
    allDay: event.all_day,
    editable: event.movable,
    durationEditable: false,
    classNames: [`calendar-event--${event.kind}`],
    extendedProps: { source: event },
  };
}

/** The kind is written before the title (colour is not the only cue) and read out with it. */
function EventContent({ event, timeText }: EventContentArg) {
  const source = event.extendedProps.source as CalendarEvent;
  const kind = CALENDAR_KIND_LABELS[source.kind];
  return (
    <span className="calendar-event-text" data-testid={`calendar-event-${source.id}`}>
      {timeText ? <span className="calendar-event-time">{timeText} </span> : null}
      <span className="calendar-event-kind">{kind}:</span> {event.title}
    </span>
  );
}

/**
 * /calendar (issue 21): every dated item the viewer may see, in month, week, day and agenda views, with filters in
 * the address. Dragging calls the item's own PUT (the drawer's rules); a refusal shows the server's message and the
 * event goes back. Other people's changes arrive through the live channel (live/invalidation.ts: ['calendar']).
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filters, view, date } = readCalendarParams(params, narrow);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const calendar = useRef<FullCalendar>(null);
  const events = useQuery({
    queryKey: [...CALENDAR_KEY, range, filters],
    queryFn: ({ signal }) => listCalendarEvents(range ?? { start: '', end: '' }, filters, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
  const inputs = useMemo(() => (events.data ?? []).map(toInput), [events.data]);

  // Closing the task drawer may have changed a date (its own saves do not come back through the live channel).
  const drawerOpen = params.has('task_uuid');
  const wasOpen = useRef(drawerOpen);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_KEY });
    }
    wasOpen.current = drawerOpen;
  }, [drawerOpen, queryClient]);

  useEffect(() => {
    const api = calendar.current?.getApi();
    if (api && api.view.type !== CALENDAR_VIEWS[view]) {
      api.changeView(CALENDAR_VIEWS[view]);
    }
  }, [view]);

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) {
          next.set(name, value);
        } else {
          next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  const open = ({ event, jsEvent }: EventClickArg) => {
    jsEvent.preventDefault();
    const source = event.extendedProps.source as CalendarEvent;
    if (source.open.type === 'task') {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('task_uuid', source.open.uuid);
        return next;
      });
    } else {
      const paths = {
        request: `/requests/${source.open.uuid}`,
        plan: `/projects/${source.open.uuid}`,
        content: `/content?plan=${source.open.uuid}&view=calendar`,
      };
      void navigate(paths[source.open.type]);
    }
  };

  const drop = async ({ event, revert }: EventDropArg) => {
    const source = event.extendedProps.source as CalendarEvent;
    const start = event.start ? localDay(event.start) : null;
    if (!start) {
      revert();
      return;
    }
    try {
      await moveEvent(source, moveValues(source.moves, start, event.end ? localDay(event.end) : null));
    } catch (error) {
      revert();
      reportError(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: CALENDAR_KEY });
    }
  };

  const tooMany = events.isError ? describeError(events.error) : null;
  return (
    <div className="calendar-page">
      <PageHeader
        title="Calendar"
        actions={
          <>
            {/* A person's own Google Calendar connection: freelancers have no Admin menu, so they reach it here. */}
            <Link to="/integrations/google" data-testid="calendar-google-link">
              Google Calendar
            </Link>
            <SubscribeButton />
          </>
        }
      />
      <CalendarFiltersBar filters={filters} onChange={setParam} />
      {tooMany ? <Alert type="warning" showIcon message={tooMany} data-testid="calendar-error" /> : null}
      <PortalCalendar
        calendarRef={calendar}
        testId="calendar"
        label="Calendar"
        busy={events.isFetching}
        narrow={narrow}
        initialView={CALENDAR_VIEWS[view]}
        initialDate={date}
        events={inputs}
        eventContent={(arg) => <EventContent {...arg} />}
        eventClick={open}
        eventDrop={drop}
        datesSet={(arg) => {
          setRange({ start: localDay(arg.start), end: localDay(arg.end) });
          const shown = VIEW_OF[arg.view.type];
          if (shown && shown !== view) {
            setParam('view', shown);
          }
        }}
      />
      <ul className="calendar-legend" aria-label="Legend">
        {Object.entries(CALENDAR_KIND_LABELS).map(([kind, label]) => (
          <li key={kind}>
            <span className={`calendar-swatch calendar-event--${kind}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
