import { DesktopOutlined, MobileOutlined, QuestionCircleOutlined, TabletOutlined } from '@ant-design/icons';
import type { DeviceSession, SessionDevice } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../components/DataTable';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { formatDateTime } from '../common/dateTime';
import { endOtherSessions, endSession, listSessions, SESSIONS_KEY } from './api';
import { deviceName } from './deviceText';

const DEVICE_ICONS: Record<SessionDevice, ReactNode> = {
  desktop: <DesktopOutlined aria-label="Computer" />,
  mobile: <MobileOutlined aria-label="Phone" />,
  tablet: <TabletOutlined aria-label="Tablet" />,
  unknown: <QuestionCircleOutlined aria-label="Unknown device" />,
};

/**
 * "Sessions" on one's own profile (issue 23): every device signed in as you. Ending one signs that device out at
 * once, on every server, and closes its live connection; the device you are using is ended by signing out.
 */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const table = useEmbeddedTableState('sessions', { serverPaging: false });
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => listSessions(signal) });
  const done = (answer: { message: string }) => {
    reportSuccess(answer.message);
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };
  const endOne = useMutation({ mutationFn: endSession, onSuccess: done });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: done });
  const others = sessions.data?.data.filter((s) => !s.current).length ?? 0;

  const columns: DataColumn<DeviceSession>[] = [
    {
      key: 'device',
      title: 'Device',
      priority: 1,
      render: (_: unknown, row) => (
        <Space size={6} wrap>
          {DEVICE_ICONS[row.device]}
          <span data-testid="session-device">{deviceName(row)}</span>
          {row.current ? (
            <Tag color="green" data-testid="session-current">
              This device
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'ip',
      title: 'IP address',
      dataIndex: 'ip',
      priority: 3,
      render: (ip: string | null) => ip ?? 'Unknown',
    },
    {
      key: 'last_used_at',
      title: 'Last active',
      dataIndex: 'last_used_at',
      sortKey: 'last_used_at',
      priority: 2,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'created_at',
      title: 'Signed in',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      priority: 4,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'actions',
      title: '',
      priority: 1,
      render: (_: unknown, row) =>
        row.current ? null : (
          <ConfirmButton
            question={`Do you want to sign out ${deviceName(row)}?`}
            onConfirm={() => endOne.mutate(row.uuid)}
            testId="session-end"
            size="small"
            danger
          >
            Sign out
          </ConfirmButton>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title="Sessions"
      data-testid="sessions"
      extra={
        others > 0 ? (
          <ConfirmButton
            question="Do you want to sign out every other device? This one stays signed in."
            onConfirm={() => endOthers.mutate()}
            loading={endOthers.isPending}
            testId="sessions-end-others"
            size="small"
          >
            Sign out other devices
          </ConfirmButton>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        The devices signed in to your account. If you do not recognise one, sign it out and change your password.
      </Typography.Paragraph>
      <DataTable<DeviceSession>
        table={table}
        query={sessions}
        columns={columns}
        testId="sessions"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sessions" /> }}
      />
    </Card>
  );
}
