import { MESSAGES, type Task } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { describeError } from '../../../api/errors';
import { useDebouncedValue } from '../../../search/useDebouncedValue';
import { reportSuccess } from '../../../shell/feedback';
import { TASKS_KEY, taskKey } from '../../tasks/api';
import { listRelatableRequests, setTaskRequest } from '../detail/api';
import { REQUESTS_KEY } from '../list/api';
import { requestStatusLabel } from '../list/requestRows';

/** Relates a request to the task from the task's side: open requests of the task's plan (doc 2 §4). */
export function RelateRequestModal({ task, onClose }: { task: Task; onClose(): void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const [picked, setPicked] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const error = tried && !picked ? MESSAGES.requiredRelation : null;
  const candidates = useQuery({
    queryKey: [...REQUESTS_KEY, 'list', 'task-offers', task.project.uuid, search],
    queryFn: ({ signal }) => listRelatableRequests(task.project.uuid, search, signal),
    placeholderData: keepPreviousData,
  });
  const relate = useMutation({
    mutationFn: (requestUuid: string) => setTaskRequest(task.uuid, { add: requestUuid }),
    meta: { silentError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKey(task.uuid) });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      reportSuccess(MESSAGES.requestRelatedToTask);
      onClose();
    },
  });
  return (
    <Modal
      open
      title="Relate request"
      okText="Save"
      onOk={() => {
        setTried(true);
        if (picked) {
          relate.mutate(picked);
        }
      }}
      onCancel={onClose}
      okButtonProps={{ loading: relate.isPending, 'data-testid': 'relate-request-save' }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Request"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ? <span data-testid="relate-request-error">{error}</span> : undefined}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            allowClear
            placeholder="Search a request"
            loading={candidates.isFetching}
            value={picked ?? undefined}
            onChange={(value?: string) => {
              setPicked(value ?? null);
              relate.reset();
            }}
            options={(candidates.data?.data ?? []).map((r) => ({
              value: r.uuid,
              label: `${r.subject} (${requestStatusLabel(r.status)})`,
            }))}
            notFoundContent={candidates.isFetching ? 'Loading…' : 'No requests'}
            data-testid="relate-request-select"
          />
        </Form.Item>
        {relate.isError ? (
          <Alert type="error" showIcon title={describeError(relate.error) ?? MESSAGES.somethingWrong} />
        ) : null}
      </Form>
    </Modal>
  );
}
