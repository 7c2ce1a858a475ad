import { MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { reportError } from '../../shell/feedback';
import { createForm, FORMS_KEY, listBlueprints } from './api';

const BLANK = '';

/** New form: a name and where to start, from scratch or from a blueprint (its questions copied into the draft). */
export function NewFormModal({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [blueprint, setBlueprint] = useState(BLANK);
  const [nameError, setNameError] = useState<string | null>(null);
  const blueprints = useQuery({
    queryKey: ['form-blueprints'],
    queryFn: ({ signal }) => listBlueprints(signal),
    staleTime: 60_000,
  });
  const create = useMutation({
    mutationFn: () => createForm({ name: name.trim(), ...(blueprint ? { blueprint_key: blueprint } : {}) }),
    onSuccess: (form) => {
      void queryClient.invalidateQueries({ queryKey: FORMS_KEY });
      onClose();
      void navigate(`/forms/${form.uuid}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.name) {
        setNameError(error.fieldErrors.name[0] ?? null);
        return;
      }
      reportError(error);
    },
  });
  const submit = () => {
    if (!name.trim()) {
      setNameError(MESSAGES.required);
      return;
    }
    create.mutate();
  };
  const chosen = blueprints.data?.find((b) => b.key === blueprint);
  return (
    <Modal
      open
      title="New form"
      okText="Create"
      onOk={submit}
      confirmLoading={create.isPending}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'new-form-create' } as ButtonProps}
      data-testid="new-form-modal"
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Name"
          htmlFor="new-form-name"
          required
          validateStatus={nameError ? 'error' : undefined}
          help={nameError}
        >
          <Input
            id="new-form-name"
            value={name}
            maxLength={255}
            onChange={(event) => {
              setNameError(null);
              setName(event.target.value);
            }}
            onPressEnter={submit}
            data-testid="new-form-name"
          />
        </Form.Item>
        <Form.Item label="Start from">
          {blueprints.isLoading ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <Radio.Group
              value={blueprint}
              onChange={(event) => {
                setBlueprint(event.target.value);
                const picked = blueprints.data?.find((b) => b.key === event.target.value);
                if (picked && !name.trim()) {
                  setName(picked.name);
                }
              }}
              className="fb-blueprints"
              data-testid="new-form-blueprints"
            >
              <Radio value={BLANK} data-testid="new-form-blank">
                A blank form
              </Radio>
              {(blueprints.data ?? []).map((b) => (
                <Radio key={b.key} value={b.key} data-testid={`new-form-blueprint-${b.key}`}>
                  {b.name}
                </Radio>
              ))}
            </Radio.Group>
          )}
        </Form.Item>
        {chosen ? (
          <Typography.Paragraph type="secondary" data-testid="new-form-blueprint-description">
            {chosen.description} ({chosen.questions.length} {chosen.questions.length === 1 ? 'question' : 'questions'})
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}
