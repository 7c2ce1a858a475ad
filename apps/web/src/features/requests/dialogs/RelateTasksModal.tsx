import { MESSAGES, type RequestDetail } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../api/errors';
import { useDebouncedValue } from '../../../search/useDebouncedValue';
import { reportSuccess } from '../../../shell/feedback';
import { TASKS_KEY } from '../../tasks/api';
import { listRelatableTasks, relateTasks } from '../detail/api';
import { REQUESTS_KEY } from '../list/api';
import { taskOffers, validatePickedTasks } from './relateRules';

/**
 * 'Relate task' (doc 2 §2, §4): active tasks of the request's plan; a task that already holds a request is shown
 * disabled with 'This task is already related' and a link to that request.
 */
export function RelateTasksModal({ request, onClose }: { request: RequestDetail; onClose(): void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const [picked, setPicked] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const error = tried ? validatePickedTasks(picked) : null;
  const candidates = useQuery({
    queryKey: [...TASKS_KEY, 'list', 'request-offers', request.project?.uuid, search],
    queryFn: ({ signal }) => listRelatableTasks(request.project?.uuid, search, signal),
    placeholderData: keepPreviousData,
  });
  const offers = taskOffers(candidates.data?.data ?? []);
  const relate = useMutation({
    mutationFn: () => relateTasks(request.uuid, picked),
    meta: { silentError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      reportSuccess(MESSAGES.tasksRelatedToRequest);
      onClose();
    },
  });
  const submit = () => {
    setTried(true);
    if (!validatePickedTasks(picked)) {
      relate.mutate();
    }
  };
  return (
    <Modal
      open
      title="Relate task"
      okText="Save"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: relate.isPending, 'data-testid': 'relate-tasks-save' }}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="relate-tasks-form">
        <Form.Item
          label="Tasks"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ? <span data-testid="relate-tasks-error">{error}</span> : undefined}
        >
          <Select<string[]>
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            placeholder="Search a task"
            loading={candidates.isFetching}
            value={picked}
            onChange={(next) => {
              setPicked(next);
              setTyped('');
              relate.reset();
            }}
            options={offers.map((offer) => ({
              value: offer.uuid,
              label: offer.title,
              disabled: Boolean(offer.relatedTo),
              relatedTo: offer.relatedTo,
            }))}
            optionRender={(option) => (
              <span data-testid="relate-task-option">
                {option.label}
                {option.data.relatedTo ? (
                  <span className="relate-taken">
                    {' '}
                    — {MESSAGES.alreadyRelated}:{' '}
                    <Link
                      to={`/requests/${option.data.relatedTo.uuid}`}
                      onClick={onClose}
                      data-testid="relate-task-taken-link"
                    >
                      {option.data.relatedTo.subject}
                    </Link>
                  </span>
                ) : null}
              </span>
            )}
            notFoundContent={candidates.isFetching ? 'Loading…' : MESSAGES.noTasks}
            data-testid="relate-tasks-select"
          />
        </Form.Item>
        {relate.isError ? (
          <Alert type="error" showIcon title={describeError(relate.error) ?? MESSAGES.somethingWrong} />
        ) : null}
      </Form>
    </Modal>
  );
}
