import { PlusOutlined } from '@ant-design/icons';
import { groupPermissionsByFamily, MESSAGES, type Role } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Form, Input, Modal, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, useTableState } from '../../components/DataTable';
import { clientRows } from '../../components/DataTable/clientRows';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { RequiredRoleSwitch } from '../mfa';
import { createRole, deleteRole, listPermissionNames, listRoles, ROLES_KEY, type RoleInput, updateRole } from './api';

function RoleEditor({ role, permissions, canEdit }: { role: Role; permissions: string[]; canEdit: boolean }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleInput>();
  const [selected, setSelected] = useState<string[]>(role.permissions);
  useEffect(() => setSelected(role.permissions), [role.permissions]);
  const families = useMemo(() => groupPermissionsByFamily(permissions), [permissions]);
  const save = useMutation({
    mutationFn: (values: RoleInput) => updateRole(role.uuid, { ...values, permissions: selected }),
    onSuccess: () => {
      reportSuccess(MESSAGES.changesUpdated);
      void queryClient.invalidateQueries({ queryKey: ROLES_KEY });
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  const remove = useMutation({
    mutationFn: () => deleteRole(role.uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
  const toggleFamily = (names: string[], on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, ...names])] : current.filter((n) => !names.includes(n))));

  return (
    <Card
      size="small"
      title={role.name}
      data-testid="role-editor"
      extra={
        ability.can('ROLES_DESTROY') ? (
          <ConfirmButton
            danger
            size="small"
            question={`Do you want to delete the role ${role.name}?`}
            testId="role-delete"
            onConfirm={() => remove.mutate()}
          >
            Delete
          </ConfirmButton>
        ) : null
      }
    >
      {canEdit ? <RequiredRoleSwitch roleUuid={role.uuid} /> : null}
      <Form<RoleInput>
        key={role.uuid}
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit}
        initialValues={{ name: role.name, description: role.description ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input />
        </Form.Item>
        <div className="permission-families">
          {Object.entries(families).map(([family, names]) => {
            const on = names.filter((n) => selected.includes(n)).length;
            return (
              <div key={family} className="permission-family" data-testid={`permission-family-${family}`}>
                <Checkbox
                  checked={on === names.length}
                  indeterminate={on > 0 && on < names.length}
                  onChange={(e) => toggleFamily(names, e.target.checked)}
                >
                  <strong>{humanize(family)}</strong>
                </Checkbox>
                <Checkbox.Group
                  value={selected.filter((n) => names.includes(n))}
                  onChange={(values) =>
                    setSelected((current) => [...current.filter((n) => !names.includes(n)), ...(values as string[])])
                  }
                  options={names.map((n) => ({ value: n, label: <span data-testid={`permission-${n}`}>{n}</span> }))}
                />
              </div>
            );
          })}
        </div>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="role-save">
            Save
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}

function NewRoleModal({ onClose, onCreated }: { onClose(): void; onCreated(role: Role): void }) {
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const create = useMutation({
    mutationFn: (values: { name: string; description?: string }) =>
      createRole({ name: values.name.trim(), description: values.description || null, permissions: [] }),
    onSuccess: onCreated,
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title="New role"
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'role-create-save' }}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => create.mutate(values)}>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <Input data-testid="role-create-name" autoFocus />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const BY_NAME = { by: 'name', direction: 'asc' } as const;

/** /roles: roles with their permissions grouped by family (ROLES_*). */
export function RolesPage() {
  const ability = useAbility();
  const order = useTableState('roles', { serverPaging: false, sort: BY_NAME });
  const queryClient = useQueryClient();
  const allowed = ability.can('ROLES_READ');
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => listRoles(signal), enabled: allowed });
  const permissions = useQuery({
    queryKey: ['permissions'],
    queryFn: ({ signal }) => listPermissionNames(signal),
    enabled: allowed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [selectedUuid, setSelectedUuid] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const list = clientRows(roles.data?.data ?? [], '', order.state.sort ?? BY_NAME);
  const selected = list.find((r) => r.uuid === selectedUuid) ?? list[0];

  return (
    <div className="list-page" data-testid="roles-page">
      <PageHeader
        title="Roles"
        actions={
          ability.can('ROLES_CREATE') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="roles-new">
              New role
            </Button>
          ) : null
        }
      />
      {roles.isPending || permissions.isPending ? (
        <Skeleton active />
      ) : (
        <div className="master-detail">
          <div className="master-list">
            <DataTable<Role>
              table={order}
              query={roles}
              testId="roles"
              searchPlaceholder="Search roles"
              clientSearch={(role, term) => role.name.toLowerCase().includes(term)}
              locale={{ emptyText: <Empty description="No roles" /> }}
              onRow={(role) => ({
                onClick: () => setSelectedUuid(role.uuid),
                className: role.uuid === selected?.uuid ? 'master-item selected' : 'master-item',
                'data-testid': 'role-item',
              })}
              columns={[
                { key: 'name', title: 'Name', dataIndex: 'name', sortKey: 'name' },
                {
                  key: 'permissions',
                  title: 'Permissions',
                  width: 110,
                  // The whole list is here: sorted in the browser by how many permissions a role holds.
                  sortKey: 'permissions.length',
                  render: (_: unknown, role: Role) => (
                    <span data-testid="role-permission-count">{role.permissions.length}</span>
                  ),
                },
                { key: 'users', title: 'Users', dataIndex: 'users_count', width: 80, sortKey: 'users_count' },
              ]}
            />
          </div>
          <div className="detail-pane">
            {selected ? (
              <RoleEditor
                key={selected.uuid}
                role={selected}
                permissions={permissions.data ?? []}
                canEdit={ability.can('ROLES_UPDATE')}
              />
            ) : null}
          </div>
        </div>
      )}
      {creating ? (
        <NewRoleModal
          onClose={() => setCreating(false)}
          onCreated={(role) => {
            setCreating(false);
            setSelectedUuid(role.uuid);
            void queryClient.invalidateQueries({ queryKey: ROLES_KEY });
          }}
        />
      ) : null}
    </div>
  );
}
