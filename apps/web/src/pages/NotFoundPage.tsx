import { MESSAGES } from '@portal/domain';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={MESSAGES.notFound}
      data-testid="not-found-page"
      extra={
        <Link to="/">
          <Button type="primary">Back Home</Button>
        </Link>
      }
    />
  );
}
