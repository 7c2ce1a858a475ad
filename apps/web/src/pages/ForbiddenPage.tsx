import { MESSAGES } from '@portal/domain';
import { Result } from 'antd';

/** A signed-in user of the wrong type, shown inside the layout. */
export function ForbiddenPage() {
  return <Result status="403" title="403" subTitle={MESSAGES.forbidden} data-testid="forbidden-page" />;
}
