import {
  ONBOARDING_LIMITS,
  type OnboardingServiceInclusion,
  REQUIREMENT_KINDS,
  REQUIREMENT_LINKS,
  type Requirement,
  type RequirementInput,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, Modal, Select } from 'antd';
import { ApiError } from '../../api/errors';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportError } from '../../shell/feedback';
import { createRequirement, REQUIREMENTS_KEY, updateRequirement } from './api';
import { INCLUSION_LABELS, KIND_LABELS, LINK_LABELS } from './labels';

interface Values {
  name: string;
  kind: Requirement['kind'];
  instructions?: string;
  link?: Requirement['link'];
  link_url?: string;
}

/** Add or edit one requirement of a service: what the agency needs, of which kind, and how the client gives it. */
export function RequirementModal({
  inclusion,
  requirement,
  onClose,
}: {
  inclusion: OnboardingServiceInclusion;
  requirement: Requirement | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const kind = Form.useWatch('kind', form);
  const link = Form.useWatch('link', form);
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body: RequirementInput = {
        inclusion,
        name: values.name,
        kind: values.kind,
        instructions: values.instructions ?? null,
        link: values.kind === 'link_confirmation' ? (values.link ?? null) : null,
        link_url: values.kind === 'link_confirmation' && values.link === 'custom' ? (values.link_url ?? null) : null,
      };
      return requirement ? updateRequirement(requirement.uuid, body) : createRequirement(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REQUIREMENTS_KEY });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        applyFieldErrors(form, error);
      } else {
        reportError(error);
      }
    },
  });
  return (
    <Modal
      open
      title={`${requirement ? 'Edit' : 'New'} requirement: ${INCLUSION_LABELS[inclusion]}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'ob-req-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: requirement?.name ?? '',
          kind: requirement?.kind ?? 'file',
          instructions: requirement?.instructions ?? '',
          link: requirement?.link ?? 'leadsie_social_link',
          link_url: requirement?.link_url ?? '',
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid="ob-req-form"
      >
        <Form.Item
          name="name"
          label="What the agency needs"
          rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
        >
          <Input maxLength={ONBOARDING_LIMITS.nameLength} data-testid="ob-req-name" />
        </Form.Item>
        <Form.Item name="kind" label="Kind">
          <Select
            options={REQUIREMENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            data-testid="ob-req-kind"
          />
        </Form.Item>
        {kind === 'link_confirmation' ? (
          <Form.Item name="link" label="The link the client follows">
            <Select options={REQUIREMENT_LINKS.map((l) => ({ value: l, label: LINK_LABELS[l] }))} />
          </Form.Item>
        ) : null}
        {kind === 'link_confirmation' && link === 'custom' ? (
          <Form.Item
            name="link_url"
            label="Link"
            rules={[{ required: true, type: 'url', message: 'Give a web address starting with https://' }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        ) : null}
        <Form.Item name="instructions" label="Instructions for the client">
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={ONBOARDING_LIMITS.instructionsLength}
            data-testid="ob-req-instructions"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
