import type { TimeLog } from '@portal/domain';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import { reportSuccess } from '../../shell/feedback';
import { useTimerActions } from './useTimers';

// The description form (a text area) loads when it is asked for: Stop is on the dashboard, the first screen.
const StopTimerForm = lazy(() => import('./StopTimerForm').then((m) => ({ default: m.StopTimerForm })));

/**
 * Stop beside Pause: ends the timer and saves its time-log entry in one step. A task's entry needs a description
 * (doc 2 §5): when the timer has none yet, it is asked for right here, inline, instead of in a separate form.
 */
export function StopTimer({
  log,
  testId,
  size,
  onStopped,
}: {
  log: TimeLog;
  testId: string;
  size?: 'small' | 'middle';
  onStopped?(): void;
}) {
  const actions = useTimerActions();
  const [asking, setAsking] = useState(false);
  const needsDescription = Boolean(log.task) && !log.description?.trim();

  const save = (text: string) =>
    actions.stop.mutate(
      { log, description: text },
      {
        onSuccess: () => {
          reportSuccess('Time entry saved');
          setAsking(false);
          onStopped?.();
        },
      },
    );

  return (
    <>
      <Button
        size={size}
        icon={<SpriteIcon name="CheckCircleOutlined" />}
        loading={actions.stop.isPending && !asking}
        onClick={() => (needsDescription ? setAsking(true) : save(log.description ?? ''))}
        data-testid={testId}
      >
        Stop
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <StopTimerForm
            testId={testId}
            saving={actions.stop.isPending}
            onSave={save}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
