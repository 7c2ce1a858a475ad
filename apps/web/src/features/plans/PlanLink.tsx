import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { canOpenPlans, type PlanTab, planPath } from './planPaths';

/**
 * A plan's name leading to its page (the hub) — for viewers who may open it. Anyone else reads the name alone, or
 * follows `fallback` (a freelancer's tasks of the plan), never a link that ends on the permission page.
 */
export function PlanLink({
  uuid,
  children,
  tab,
  fallback,
  testId,
}: {
  uuid: string;
  children: ReactNode;
  tab?: PlanTab;
  fallback?: string;
  testId?: string;
}) {
  const ability = useAbility();
  if (canOpenPlans(ability)) {
    return (
      <Link to={planPath(uuid, tab)} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return fallback ? (
    <Link to={fallback} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <span data-testid={testId}>{children}</span>
  );
}
