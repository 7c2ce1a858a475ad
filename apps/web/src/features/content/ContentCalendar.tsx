import type { EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import { CONTENT_STATUS_LABELS, type ContentItem, PLATFORM_RULES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CALENDAR_VIEW_NAMES, PortalCalendar } from '../../components/Calendar';
import { useIsNarrow } from '../../layout/useMediaQuery';
import { reportError } from '../../shell/feedback';
import { updateContentItem } from './api';

/** A caption's first words, as a calendar chip has room for. */
const snippet = (caption: string) => {
  const line = caption.split('\n')[0]?.trim() ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

function toInput(item: ContentItem): EventInput {
  return {
    id: item.uuid,
    title: snippet(item.caption) || 'No caption yet',
    start: item.scheduled_at ?? undefined,
    allDay: false,
    // The server keeps a published item's time (it records what went out); the calendar mirrors that.
    editable: item.status !== 'published',
    durationEditable: false,
    classNames: [`content-event--${item.status}`],
    extendedProps: { item },
  };
}

/** Status and platform are written before the caption (colour is not the only cue). */
function ItemContent({ event, timeText }: EventContentArg) {
  const item = event.extendedProps.item as ContentItem;
  return (
    <span className="calendar-event-text" data-testid={`content-event-${item.uuid}`}>
      {timeText ? <span className="calendar-event-time">{timeText} </span> : null}
      <span className="calendar-event-kind">
        {PLATFORM_RULES[item.platform].label} · {CONTENT_STATUS_LABELS[item.status]}:
      </span>{' '}
      {event.title}
    </span>
  );
}

/**
 * The plan's scheduled items on the app's calendar (components/Calendar, the calendar screen's setup): month, week,
 * day and agenda. Dragging an item to another day or time PUTs its new scheduled_at; a refusal (a published item,
 * say) snaps it back with the server's message.
 */
export function ContentCalendar({
  items,
  onOpen,
  onChanged,
}: {
  items: ContentItem[];
  onOpen(item: ContentItem): void;
  onChanged(): void;
}) {
  const narrow = useIsNarrow();
  const inputs = useMemo(() => items.filter((item) => item.scheduled_at).map(toInput), [items]);
  const move = useMutation({
    mutationFn: ({ item, at }: { item: ContentItem; at: string }) => updateContentItem(item.uuid, { scheduled_at: at }),
    onSettled: onChanged,
  });
  const open = ({ event, jsEvent }: EventClickArg) => {
    jsEvent.preventDefault();
    onOpen(event.extendedProps.item as ContentItem);
  };
  const drop = async ({ event, revert }: EventDropArg) => {
    const item = event.extendedProps.item as ContentItem;
    if (!event.start) {
      revert();
      return;
    }
    try {
      await move.mutateAsync({ item, at: event.start.toISOString() });
    } catch (error) {
      revert();
      reportError(error);
    }
  };
  return (
    <div className="content-calendar">
      <PortalCalendar
        testId="content-calendar"
        label="Content calendar"
        narrow={narrow}
        initialView={narrow ? CALENDAR_VIEW_NAMES.agenda : CALENDAR_VIEW_NAMES.month}
        events={inputs}
        busy={move.isPending}
        eventContent={(arg) => <ItemContent {...arg} />}
        eventClick={open}
        eventDrop={drop}
      />
    </div>
  );
}
