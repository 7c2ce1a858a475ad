import { CLIENT_STATUSES, EMAIL_PATTERN, MESSAGES } from '@portal/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { httpUrlRules, phoneRules } from '../../pages/linkAndPhoneRules';
import { humanize } from '../common/listQuery';

/** The client form's fields (doc 1 §5: Company Name required; Status only when editing on the clients page). */
export function ClientFormFields({ showStatus }: { showStatus: boolean }) {
  return (
    <>
      <Row gutter={12}>
        <Col span={showStatus ? 16 : 24}>
          <Form.Item
            label="Company Name"
            name="business_name"
            rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
          >
            <Input data-testid="client-business-name" maxLength={255} />
          </Form.Item>
        </Col>
        {showStatus ? (
          <Col span={8}>
            <Form.Item label="Status" name="status" rules={[{ required: true, message: MESSAGES.required }]}>
              <Select
                data-testid="client-status"
                options={CLIENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
              />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="Abbreviation" name="abbreviation">
            <Input data-testid="client-abbreviation" maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="Phone" name="phone" rules={phoneRules}>
            <Input data-testid="client-phone" maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="E-mail" name="email" rules={[{ pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail }]}>
            <Input data-testid="client-email" type="email" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Website" name="website" rules={httpUrlRules}>
            <Input data-testid="client-website" placeholder="https://" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Dashboard link (desktop)" name="dashboard_link_1" rules={httpUrlRules}>
            <Input data-testid="client-dashboard-link-1" placeholder="https://" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Dashboard link (mobile)" name="dashboard_link_2" rules={httpUrlRules}>
            <Input data-testid="client-dashboard-link-2" placeholder="https://" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
