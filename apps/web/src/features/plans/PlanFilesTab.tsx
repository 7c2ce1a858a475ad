import type { PlanFile } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, useTableState } from '../../components/DataTable';
import { fileViewerPath } from '../uploads/AssetsSection';
import { formatFileSize } from '../uploads/uploadRules';
import { listPlanFiles, planFilesKey } from './api';

/** Where a file's holder opens: the task drawer over this page, or the request's page. */
const holderPath = (holder: PlanFile['holder']) =>
  holder.type === 'task' ? `?task_uuid=${holder.uuid}` : `/requests/${holder.uuid}`;

/** The files attached to the plan's tasks and requests (GET projects/{uuid}/files), newest first. */
export function PlanFilesTab({ planUuid }: { planUuid: string }) {
  const table = useTableState('plan-files');
  const { page, size } = table.state;
  const files = useQuery({
    queryKey: [...planFilesKey(planUuid), ...table.queryKey],
    queryFn: ({ signal }) => listPlanFiles(planUuid, { page, size }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<PlanFile>
      table={table}
      query={files}
      testId="plan-files"
      columns={[
        {
          key: 'name',
          title: 'File',
          dataIndex: 'name',
          render: (name: string, row) => (
            <Link to={fileViewerPath(row.uuid)} data-testid="plan-file-name">
              {name}
            </Link>
          ),
        },
        {
          key: 'holder',
          title: 'Attached to',
          dataIndex: 'holder',
          render: (holder: PlanFile['holder']) => (
            <Link to={holderPath(holder)}>
              {holder.type === 'task' ? 'Task' : 'Request'}: {holder.title}
            </Link>
          ),
        },
        { key: 'size', title: 'Size', dataIndex: 'size', align: 'right', render: formatFileSize },
        {
          key: 'created_at',
          title: 'Added',
          dataIndex: 'created_at',
          render: (value: string) => new Date(value).toLocaleDateString(),
        },
      ]}
    />
  );
}
