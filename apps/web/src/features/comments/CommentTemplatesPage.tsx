import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type CommentTemplate, MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, useTableState } from '../../components/DataTable';
import { applyFieldErrors } from '../../pages/formErrors';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageHeader } from '../common/PageHeader';
import { COMMENT_TEMPLATES_KEY, deleteCommentTemplate, listCommentTemplates, saveCommentTemplate } from './api';

type Editing = CommentTemplate | 'new' | null;

/**
 * /comment-templates: the canned replies (doc 2 §9) for admins to add, edit and delete. '@name' in a template becomes
 * the contact's name when it is inserted into a comment.
 */
export function CommentTemplatesPage() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const table = useTableState('comment-templates', { serverPaging: false, sort: { by: 'title', direction: 'asc' } });
  const [form] = Form.useForm<{ title: string; content: string }>();
  const templates = useQuery({
    queryKey: COMMENT_TEMPLATES_KEY,
    queryFn: ({ signal }) => listCommentTemplates(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: COMMENT_TEMPLATES_KEY });
  const save = useMutation({
    mutationFn: (values: { title: string; content: string }) =>
      saveCommentTemplate(editing && editing !== 'new' ? editing.uuid : null, values),
    onSuccess: () => {
      setEditing(null);
      void refresh();
    },
    onError: (error) => applyFieldErrors(form, error),
    meta: { silentError: true },
  });
  const remove = useMutation({ mutationFn: deleteCommentTemplate, onSuccess: () => void refresh() });
  const openEditor = (target: Editing) => {
    setEditing(target);
    form.setFieldsValue(
      target && target !== 'new' ? { title: target.title, content: target.content } : { title: '', content: '' },
    );
  };

  return (
    <div data-testid="comment-templates-page">
      <PageHeader
        title="Comment templates"
        actions={
          ability.can('COMMENT_TEMPLATES_CREATE') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')} data-testid="template-new">
              New template
            </Button>
          ) : null
        }
      />
      <DataTable<CommentTemplate>
        table={table}
        query={{
          data: templates.data ? { data: templates.data } : undefined,
          isFetching: templates.isFetching,
          refetch: templates.refetch,
        }}
        testId="comment-templates"
        searchPlaceholder="Search templates"
        columns={[
          { key: 'title', title: 'Title', dataIndex: 'title', width: 220, sortKey: 'title' },
          {
            key: 'content',
            title: 'Content',
            dataIndex: 'content',
            render: (content: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 560 }}>
                {content}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'actions',
            title: 'Actions',
            width: 110,
            render: (_: unknown, row) => (
              <Space>
                {ability.can('COMMENT_TEMPLATES_UPDATE') ? (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => openEditor(row)}
                    aria-label="Edit"
                    data-testid="template-edit"
                  />
                ) : null}
                {ability.can('COMMENT_TEMPLATES_DESTROY') ? (
                  <ConfirmButton
                    question="Do you want to delete this template?"
                    onConfirm={() => remove.mutate(row.uuid)}
                    testId="template-delete"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="Delete"
                  />
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'New template' : 'Edit template'}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="Save"
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'template-save' } as never}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="title" label="Title" rules={[{ required: true, message: MESSAGES.required }]}>
            <Input maxLength={120} data-testid="template-title" />
          </Form.Item>
          <Form.Item
            name="content"
            label="Content"
            extra="@name is replaced by the contact's name when the template is used."
            rules={[{ required: true, message: MESSAGES.required }]}
          >
            <Input.TextArea rows={5} maxLength={5000} data-testid="template-content" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
