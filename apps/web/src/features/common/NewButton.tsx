import { PlusOutlined } from '@ant-design/icons';
import type { Permission } from '@portal/domain';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useAbility } from '../../auth/useAbility';

/** The 'New …' button of a page header, shown only with its permission. */
export function NewButton({
  permission,
  onClick,
  testId,
  children,
}: {
  permission: Permission;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  const ability = useAbility();
  if (!ability.can(permission)) {
    return null;
  }
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
