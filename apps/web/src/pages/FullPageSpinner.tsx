import { Spin } from 'antd';

export function FullPageSpinner({ testId = 'page-loading' }: { testId?: string }) {
  return (
    <div className="full-page-center" data-testid={testId}>
      <Spin size="large" />
    </div>
  );
}
