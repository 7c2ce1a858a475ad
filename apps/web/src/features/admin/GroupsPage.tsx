import { PlusOutlined } from '@ant-design/icons';
import { type Group, MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, useTableState } from '../../components/DataTable';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageHeader } from '../common/PageHeader';
import { createGroup, deleteGroup, GROUPS_KEY, type GroupInput, listGroups, listUsers, updateGroup } from './api';

function GroupModal({ group, onClose }: { group: Group | null; onClose(): void }) {
  const [form] = Form.useForm<GroupInput>();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['users', 'picker'], queryFn: ({ signal }) => listUsers(signal) });
  const save = useMutation({
    mutationFn: (values: GroupInput) => {
      const body = { name: values.name.trim(), description: values.description || null, members: values.members ?? [] };
      return group ? updateGroup(group.uuid, body) : createGroup(body);
    },
    onSuccess: () => {
      reportSuccess(MESSAGES.changesUpdated);
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={group ? 'Edit group' : 'New group'}
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'group-save' }}
    >
      <Form<GroupInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: group?.name ?? '',
          description: group?.description ?? '',
          members: group?.members.map((m) => m.uuid) ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input />
        </Form.Item>
        <Form.Item label="Members" name="members">
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isPending}
            options={(users.data?.data ?? []).map((u) => ({ value: u.uuid, label: u.name }))}
            data-testid="group-members"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /groups (super users): groups and their members; a group is a mention target. */
export function GroupsPage() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const groups = useQuery({ queryKey: GROUPS_KEY, queryFn: ({ signal }) => listGroups(signal) });
  const table = useTableState('groups', { serverPaging: false, sort: { by: 'name', direction: 'asc' } });
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
  return (
    <div className="list-page" data-testid="groups-page">
      <PageHeader
        title="Groups"
        actions={
          ability.can('GROUPS_CREATE') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="groups-new">
              New group
            </Button>
          ) : null
        }
      />
      <DataTable<Group>
        table={table}
        query={groups}
        testId="groups"
        searchPlaceholder="Search groups"
        clientSearch={(group, term) =>
          [group.name, group.description ?? '', ...group.members.map((m) => m.name)].some((text) =>
            text.toLowerCase().includes(term),
          )
        }
        columns={[
          { key: 'name', title: 'Name', dataIndex: 'name', sortKey: 'name' },
          { key: 'description', title: 'Description', dataIndex: 'description' },
          {
            key: 'members',
            title: 'Members',
            dataIndex: 'members',
            // The whole list is here: sorted in the browser by how many members a group has.
            sortKey: 'members.length',
            render: (members: Group['members']) => members.map((m) => <Tag key={m.uuid}>{m.name}</Tag>),
          },
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_: unknown, group) => (
              <Space>
                {ability.can('GROUPS_UPDATE') ? (
                  <Button size="small" onClick={() => setEditing(group)} data-testid="group-edit">
                    Edit
                  </Button>
                ) : null}
                {ability.can('GROUPS_DESTROY') ? (
                  <ConfirmButton
                    size="small"
                    danger
                    question={`Do you want to delete the group ${group.name}?`}
                    testId="group-delete"
                    onConfirm={() => remove.mutate(group.uuid)}
                  >
                    Delete
                  </ConfirmButton>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <GroupModal group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
