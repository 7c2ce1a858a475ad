import { REQUEST_STATUSES } from '@portal/domain';
import { DatePicker, Form, Select } from 'antd';
import { type BulkEdit, filled, isoDay } from '../../../components/DataTable';
import { requestStatusLabel } from './requestRows';

/**
 * The requests table's bulk edit (POST requests/bulk-operations/update): responsibles added and removed, the
 * delivery date and — for those PUT requests/{uuid} lets change it (not freelancers) — the status.
 */
export function requestBulkEdit(people: readonly { uuid: string; name: string }[], canSetStatus: boolean): BulkEdit {
  const options = people.map((p) => ({ value: p.uuid, label: p.name }));
  const peopleField = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <Select mode="multiple" allowClear options={options} optionFilterProp="label" aria-label={label} />
    </Form.Item>
  );
  return {
    fields: (
      <>
        {peopleField('responsibles_add', 'Add responsible')}
        {peopleField('responsibles_remove', 'Remove responsible')}
        <Form.Item name="target_date" label="Delivery date">
          <DatePicker format="MM/DD/YYYY" aria-label="Delivery date" style={{ width: '100%' }} />
        </Form.Item>
        {canSetStatus ? (
          <Form.Item name="status" label="Status">
            <Select
              allowClear
              aria-label="Status"
              options={REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) }))}
            />
          </Form.Item>
        ) : null}
      </>
    ),
    toData: (values) => filled({ ...values, target_date: isoDay(values.target_date) }),
  };
}
