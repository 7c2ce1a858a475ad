import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAbility } from '../auth/useAbility';
import { CommentTargetRedirect } from './comments/CommentTargetRedirect';
import { useModalParam } from './common/useModalParam';
import { useReturnFocus } from './common/useReturnFocus';
import { useTaskParam } from './tasks/useTaskParam';

// Each modal is its own chunk, loaded the first time its query parameter appears.
const ClientModal = lazy(() => import('./clients/ClientModal').then((m) => ({ default: m.ClientModal })));
const CreatePlanModal = lazy(() => import('./plans/CreatePlanModal').then((m) => ({ default: m.CreatePlanModal })));
const InviteModal = lazy(() => import('./invites/InviteModal').then((m) => ({ default: m.InviteModal })));
const UserCreateModal = lazy(() => import('./users/UserCreateModal').then((m) => ({ default: m.UserCreateModal })));
const TaskDrawer = lazy(() => import('./tasks/TaskDrawer').then((m) => ({ default: m.TaskDrawer })));

/**
 * The modals any screen can open through the address (doc 1 §2): client_uuid (a uuid or create), and plan, invite
 * and user with the value create (the New menu), and target_comment_id (opens the comment where it lives). A modal the
 * user may not use does not open.
 */
export function GlobalModals() {
  const ability = useAbility();
  const { pathname } = useLocation();
  const client = useModalParam('client_uuid');
  const plan = useModalParam('plan');
  const invite = useModalParam('invite');
  const user = useModalParam('user');
  const task = useTaskParam();
  useReturnFocus(Boolean(client.value || plan.value || invite.value || user.value || task.value));

  const canSeeClients = ability.isRegularUser && ability.can('CUSTOMERS_READ');
  const canCreateClient = canSeeClients && ability.can('CUSTOMERS_CREATE');
  const showClient = client.value && (client.value === 'create' ? canCreateClient : canSeeClients);

  return (
    <Suspense fallback={null}>
      {ability.can('COMMENTS_READ') ? <CommentTargetRedirect /> : null}
      {showClient && client.value ? (
        <ClientModal
          target={client.value}
          onClientsPage={pathname === '/clients'}
          onClose={client.close}
          onCreated={(uuid) => client.set(uuid, { replace: true })}
        />
      ) : null}
      {plan.value === 'create' && ability.isRegularUser && ability.can('PROJECTS_CREATE') ? (
        <CreatePlanModal onClose={plan.close} />
      ) : null}
      {invite.value === 'create' && ability.isRegularUser ? <InviteModal open onClose={invite.close} /> : null}
      {user.value === 'create' && ability.can('CONTACTS_CREATE') ? <UserCreateModal onClose={user.close} /> : null}
      {task.value && ability.can(task.value === 'create' ? 'TASKS_CREATE' : 'TASKS_READ') ? (
        <TaskDrawer target={task.value} onClose={task.close} />
      ) : null}
    </Suspense>
  );
}
