import { MESSAGES, type ProductType } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { NewButton } from '../common/NewButton';
import { PageHeader } from '../common/PageHeader';
import {
  createProductType,
  deleteProductType,
  listProductTypes,
  PRODUCT_TYPES_KEY,
  type ProductTypeInput,
  updateProductType,
} from './api';

function ProductTypeModal({ productType, onClose }: { productType: ProductType | null; onClose(): void }) {
  const [form] = Form.useForm<ProductTypeInput>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: ProductTypeInput) => {
      const body = { name: values.name.trim(), description: values.description || null };
      return productType ? updateProductType(productType.uuid, body) : createProductType(body);
    },
    onSuccess: () => {
      reportSuccess(MESSAGES.changesUpdated);
      void queryClient.invalidateQueries({ queryKey: PRODUCT_TYPES_KEY });
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={productType ? 'Edit product type' : 'New product type'}
      okText="Save"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'product-type-save' }}
    >
      <Form<ProductTypeInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: productType?.name ?? '', description: productType?.description ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <Input data-testid="product-type-name" maxLength={120} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /product-types: the list (page[size]=999, sort[by]=name) with create, edit and delete (PRODUCT_TYPES_*). */
export function ProductTypesPage() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const allowed = ability.can('PRODUCT_TYPES_READ');
  const types = useQuery({
    queryKey: PRODUCT_TYPES_KEY,
    queryFn: ({ signal }) => listProductTypes(signal),
    enabled: allowed,
  });
  const table = useTableState('product-types', { serverPaging: false, sort: { by: 'name', direction: 'asc' } });
  const [editing, setEditing] = useState<ProductType | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: deleteProductType,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRODUCT_TYPES_KEY }),
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="product-types-page">
      <PageHeader
        title="Product types"
        actions={
          <NewButton permission="PRODUCT_TYPES_CREATE" onClick={() => setEditing('new')} testId="product-types-new">
            New product type
          </NewButton>
        }
      />
      <DataTable<ProductType>
        table={table}
        query={types}
        testId="product-types"
        searchPlaceholder="Search product types"
        columns={[
          { key: 'name', title: 'Name', dataIndex: 'name', sortKey: 'name' },
          { key: 'description', title: 'Description', dataIndex: 'description' },
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_: unknown, type) => (
              <Space>
                {ability.can('PRODUCT_TYPES_UPDATE') ? (
                  <Button size="small" onClick={() => setEditing(type)} data-testid="product-type-edit">
                    Edit
                  </Button>
                ) : null}
                {ability.can('PRODUCT_TYPES_DESTROY') ? (
                  <ConfirmButton
                    size="small"
                    danger
                    question={`Do you want to delete the product type ${type.name}?`}
                    testId="product-type-delete"
                    onConfirm={() => remove.mutate(type.uuid)}
                  >
                    Delete
                  </ConfirmButton>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <ProductTypeModal productType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
