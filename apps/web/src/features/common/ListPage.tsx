import type { Permission } from '@portal/domain';
import type { ReactNode } from 'react';
import { NewButton } from './NewButton';
import { PageHeader } from './PageHeader';

/** The frame of a list screen: its title, the New button when the viewer has its permission, the table below. */
export function ListPage({
  testId,
  title,
  create,
  children,
}: {
  testId: string;
  title: string;
  create?: { permission: Permission; label: string; onClick(): void; testId: string };
  children: ReactNode;
}) {
  return (
    <div className="list-page" data-testid={testId}>
      <PageHeader
        title={title}
        actions={
          create ? (
            <NewButton permission={create.permission} onClick={create.onClick} testId={create.testId}>
              {create.label}
            </NewButton>
          ) : undefined
        }
      />
      {children}
    </div>
  );
}
