import { MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { getCalendarFeed, rotateCalendarFeed } from './api';

const FEED_KEY = ['calendar-feed'] as const;

/** "Subscribe": the private ICS address to paste into Google, Outlook or Apple Calendar, and a way to replace it. */
export function SubscribeButton() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: FEED_KEY, queryFn: ({ signal }) => getCalendarFeed(signal), enabled: open });
  const rotate = useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (fresh) => {
      queryClient.setQueryData(FEED_KEY, fresh);
      reportSuccess(MESSAGES.calendarFeedRotated);
    },
    onError: reportError,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="calendar-subscribe">
        Subscribe
      </Button>
      <Modal
        title="Subscribe to your calendar"
        open={open}
        onCancel={() => setOpen(false)}
        footer={
          <ConfirmButton
            question="Do you want to make a new address? Calendars subscribed to this one stop updating."
            onConfirm={() => rotate.mutate()}
            loading={rotate.isPending}
            testId="calendar-feed-rotate"
          >
            New address
          </ConfirmButton>
        }
      >
        <Typography.Paragraph>
          Add this private address to Google Calendar, Outlook or Apple Calendar ("subscribe from URL") to see your
          tasks and requests there. Anyone with the address can read them: keep it to yourself.
        </Typography.Paragraph>
        {feed.data ? (
          <Typography.Paragraph
            code
            copyable={{ text: feed.data.url }}
            data-testid="calendar-feed-url"
            className="calendar-feed-url"
          >
            {feed.data.url}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="secondary">Loading…</Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
