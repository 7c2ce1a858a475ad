import { TASK_FILTER_STATUSES } from '@portal/domain';
import { DatePicker, Form, Select } from 'antd';
import { type BulkEdit, filled, isoDay } from '../../components/DataTable';
import { taskStatusLabel } from './taskRules';

const PRIORITIES = [
  { value: 0, label: 'Low' },
  { value: 1, label: 'Medium' },
  { value: 2, label: 'High' },
];

/**
 * The tasks table's bulk edit (POST tasks/bulk-operations/update): people and tags added and removed, dates,
 * priority, plan and status — everything PUT tasks/{uuid} lets a TASKS_UPDATE holder change, so the form is offered to them only.
 */
export function taskBulkEdit(
  people: readonly { uuid: string; name: string }[],
  /** null when the editor may not list plans (freelancers): the Plan field is then left out. */
  plans: readonly { uuid: string; title: string; kind: string }[] | null,
  tags: readonly string[],
): BulkEdit {
  const options = people.map((p) => ({ value: p.uuid, label: p.name }));
  // A personal plan takes no tasks from elsewhere (PUT refuses the move).
  const planOptions = (plans ?? [])
    .filter((p) => p.kind !== 'personal')
    .map((p) => ({ value: p.uuid, label: p.title }));
  const tagOptions = tags.map((t) => ({ value: t, label: t }));
  const tagField = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <Select mode="tags" allowClear options={tagOptions} aria-label={label} />
    </Form.Item>
  );
  const peopleField = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <Select
        mode="multiple"
        allowClear
        options={options}
        optionFilterProp="label"
        aria-label={label}
        data-testid={`tasks-bulk-edit-${name}`}
      />
    </Form.Item>
  );
  return {
    fields: (
      <>
        {peopleField('responsibles_add', 'Add assignees')}
        {peopleField('responsibles_remove', 'Remove assignees')}
        {peopleField('followers_add', 'Add followers')}
        {peopleField('followers_remove', 'Remove followers')}
        <Form.Item name="start_date" label="Start date">
          <DatePicker format="MM/DD/YYYY" aria-label="Start date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="end_date" label="Due date">
          <DatePicker format="MM/DD/YYYY" aria-label="Due date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="priority" label="Priority">
          <Select allowClear options={PRIORITIES} aria-label="Priority" />
        </Form.Item>
        {plans ? (
          <Form.Item name="project_id" label="Plan">
            <Select allowClear showSearch options={planOptions} optionFilterProp="label" aria-label="Plan" />
          </Form.Item>
        ) : null}
        {tagField('tags_add', 'Add tags')}
        {tagField('tags_remove', 'Remove tags')}
        <Form.Item name="status" label="Status">
          <Select
            allowClear
            aria-label="Status"
            options={TASK_FILTER_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(s) }))}
          />
        </Form.Item>
      </>
    ),
    toData: (values) => filled({ ...values, start_date: isoDay(values.start_date), end_date: isoDay(values.end_date) }),
  };
}
