import { DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { MESSAGES, type Task } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { TASKS_KEY, taskKey } from '../../tasks/api';
import { setTaskRequest } from '../detail/api';
import { REQUESTS_KEY } from '../list/api';
import { RequestStatusTag } from '../list/RequestTable';
import { RelateRequestModal } from './RelateRequestModal';

/**
 * The task drawer's Request card (doc 2 §2): the request the task holds (subject, status, link), relate one from
 * the task's side or remove it with a confirm.
 */
export function TaskRequestCard({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [relating, setRelating] = useState(false);
  const request = task.request;
  const remove = useMutation({
    mutationFn: (requestUuid: string) => setTaskRequest(task.uuid, { remove: requestUuid }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKey(task.uuid) });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
    },
  });
  return (
    <section className="task-section" data-testid="task-request-card">
      <Card
        size="small"
        title="Request"
        extra={
          canEdit && !request ? (
            <Button
              size="small"
              icon={<LinkOutlined />}
              onClick={() => setRelating(true)}
              data-testid="task-relate-request"
            >
              Relate request
            </Button>
          ) : null
        }
      >
        {request ? (
          <Space wrap>
            <Link to={`/requests/${request.uuid}`} data-testid="task-request-link">
              {request.subject}
            </Link>
            <RequestStatusTag status={request.status} />
            {canEdit ? (
              <Popconfirm
                title={MESSAGES.confirmRemoveRequestFromTask}
                okText="Yes"
                cancelText="No"
                onConfirm={() => remove.mutate(request.uuid)}
                okButtonProps={{ 'data-testid': 'task-request-remove-confirm' } as never}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  loading={remove.isPending}
                  aria-label="Remove request"
                  data-testid="task-request-remove"
                />
              </Popconfirm>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">No request</Typography.Text>
        )}
      </Card>
      {relating ? <RelateRequestModal task={task} onClose={() => setRelating(false)} /> : null}
    </section>
  );
}
