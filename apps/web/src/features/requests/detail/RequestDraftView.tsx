import { ArrowLeftOutlined } from '@ant-design/icons';
import type { RequestDetail } from '@portal/domain';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { RequestOverview } from './RequestOverview';

/** A draft (doc 2 §2): the draft form, whose panel saves, submits or discards it. */
export function RequestDraftView({ request }: { request: RequestDetail }) {
  const navigate = useNavigate();
  return (
    <div data-testid="request-draft">
      <div className="page-header">
        <Space align="center">
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate('/requests')}
            aria-label="Back"
            data-testid="request-back"
          />
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
            {request.subject}
          </Typography.Title>
        </Space>
      </div>
      <RequestOverview request={request} />
    </div>
  );
}
