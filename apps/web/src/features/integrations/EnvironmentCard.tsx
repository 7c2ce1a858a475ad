import type { EnvironmentIntegrationState } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Tag, Typography } from 'antd';
import { reportError } from '../../shell/feedback';
import { testIntegration } from './api';

/** A service the server's environment configures: read-only state, and Test where a real check exists. */
export function EnvironmentCard({ item, mayTest }: { item: EnvironmentIntegrationState; mayTest: boolean }) {
  const test = useMutation({ mutationFn: () => testIntegration(item.kind), onError: reportError });
  return (
    <Card
      title={item.label}
      className="integration-card"
      data-testid={`integration-${item.kind}`}
      extra={item.configured ? <Tag color="green">Configured</Tag> : <Tag>Not configured</Tag>}
    >
      <Typography.Paragraph className="integration-wrap">
        {item.configured ? item.detail : 'Set by the server’s environment; nothing is configured.'}
      </Typography.Paragraph>
      {item.testable && mayTest ? (
        <Button onClick={() => test.mutate()} loading={test.isPending} data-testid={`integration-${item.kind}-test`}>
          Test
        </Button>
      ) : null}
      {test.data ? (
        <Alert
          className="integration-result"
          type={test.data.ok ? 'success' : 'error'}
          showIcon
          message={<span className="integration-wrap">{test.data.message}</span>}
        />
      ) : null}
    </Card>
  );
}
