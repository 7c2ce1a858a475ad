import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../../auth/useAbility';
import { PageHeader } from '../../common/PageHeader';
import { RequestList } from './RequestList';

/** /requests: every request the default filters of doc 2 §4 let through, newest first. */
export function RequestsPage() {
  const ability = useAbility();
  return (
    <div className="list-page" data-testid="requests-page">
      <PageHeader
        title="Requests"
        actions={
          ability.isRegularUser && ability.can('REQUEST_CREATE') ? (
            <Link to="/requests/new">
              <Button type="primary" icon={<PlusOutlined />} data-testid="requests-new">
                New request
              </Button>
            </Link>
          ) : null
        }
      />
      <RequestList />
    </div>
  );
}
