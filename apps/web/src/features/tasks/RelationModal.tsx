import { MESSAGES, type Task } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { reportSuccess } from '../../shell/feedback';
import { listTasks, TASKS_KEY, updateTask } from './api';
import { type Relationship, relationCall, relationOfferQuery, relationOffers, validateRelation } from './relationRules';

const SEARCH_DELAY = 300;

/**
 * Relation form (doc 2 §2, §4): a task and the relationship, Parent (the picked task becomes this task's parent) or
 * Child (the picked task becomes a subtask of this one). A server refusal shows its message.
 */
export function RelationModal({ task, onClose }: { task: Task; onClose(): void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY);
  const [picked, setPicked] = useState<string | null>(null);
  const [relationship, setRelationship] = useState<Relationship | null>(null);
  const [tried, setTried] = useState(false);
  const errors = tried ? validateRelation({ picked, relationship }) : {};

  const candidates = useQuery({
    queryKey: [...TASKS_KEY, 'list', 'relation-offers', search],
    queryFn: ({ signal }) => listTasks(relationOfferQuery(search), signal),
    placeholderData: keepPreviousData,
  });
  const offers = relationOffers(candidates.data?.data ?? [], task);

  const relate = useMutation({
    mutationFn: () => {
      const call = relationCall(task.uuid, picked as string, relationship as Relationship);
      return updateTask(call.uuid, call.input);
    },
    meta: { silentError: true },
    onSuccess: () => {
      // This task, the picked one and their former parents: every open task view refreshes.
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'one'] });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      reportSuccess(MESSAGES.relationUpdated);
      onClose();
    },
  });

  const submit = () => {
    setTried(true);
    if (Object.keys(validateRelation({ picked, relationship })).length === 0) {
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
      okButtonProps={{ loading: relate.isPending, 'data-testid': 'relation-save' }}
      cancelButtonProps={{ 'data-testid': 'relation-cancel' }}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="relation-form">
        <Form.Item
          label="Task"
          required
          validateStatus={errors.task ? 'error' : undefined}
          help={errors.task ? <span data-testid="relation-task-error">{errors.task}</span> : undefined}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            allowClear
            placeholder="Search a task"
            loading={candidates.isFetching}
            value={picked ?? undefined}
            onChange={(value?: string) => {
              setPicked(value ?? null);
              setTyped('');
              relate.reset();
            }}
            options={offers.map((t) => ({
              value: t.uuid,
              label: t.title,
              title: `${t.title} — ${t.project.title}`,
            }))}
            optionRender={(option) => <span data-testid="relation-task-option">{option.label}</span>}
            notFoundContent={candidates.isFetching ? 'Loading…' : 'No tasks'}
            data-testid="relation-task"
          />
        </Form.Item>
        <Form.Item
          label="Relationship"
          required
          validateStatus={errors.relationship ? 'error' : undefined}
          help={
            errors.relationship ? (
              <span data-testid="relation-relationship-error">{errors.relationship}</span>
            ) : undefined
          }
        >
          <Radio.Group
            value={relationship}
            onChange={(e) => {
              setRelationship(e.target.value as Relationship);
              relate.reset();
            }}
          >
            <Radio value="parent" data-testid="relation-parent">
              Parent
            </Radio>
            <Radio value="child" data-testid="relation-child">
              Child
            </Radio>
          </Radio.Group>
        </Form.Item>
        {relate.isError ? (
          <Alert
            type="error"
            showIcon
            title={describeError(relate.error) ?? MESSAGES.somethingWrong}
            data-testid="relation-error"
          />
        ) : null}
      </Form>
    </Modal>
  );
}
