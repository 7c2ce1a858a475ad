import { AD_METRIC_FIELDS, AD_REQUIRED_FIELDS, type AdMetricField, type CampaignImportReport } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { reportError, reportSuccess } from '../../shell/feedback';
import { uploadFile } from '../uploads/api';
import { AD_ANALYTICS_KEY, CAMPAIGNS_KEY, importCampaignCsv, saveMapping } from './api';

type Option = { value: string; label: string };

const FIELD_LABELS: Record<AdMetricField, string> = {
  campaign_name: 'Campaign name',
  day: 'Day (YYYY-MM-DD)',
  impressions: 'Impressions',
  reach: 'Reach',
  clicks: 'Clicks',
  spend: 'Spend (USD)',
  conversions: 'Conversions',
  conversion_value: 'Conversion value (USD)',
};

/**
 * Import CSV: pick the client, choose the file (a Meta Ads Manager or Google Ads export is read as is), see the
 * report with each bad line. A file with other columns asks once which column holds which figure; the mapping
 * is saved for the client and the import runs again.
 */
export function ImportDialog({ clients, onClose }: { clients: Option[]; onClose(): void }) {
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<string | undefined>();
  const [uploadUuid, setUploadUuid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CampaignImportReport | null>(null);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<AdMetricField, string>>>({});

  const run = async (upload: string, client: string) => {
    setBusy(true);
    try {
      const answer = await importCampaignCsv({ upload_uuid: upload, customer_uuid: client });
      setReport(answer);
      setHeaders(null);
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      void queryClient.invalidateQueries({ queryKey: AD_ANALYTICS_KEY });
    } catch (error) {
      if (error instanceof ApiError && error.body.code === 'unknown_headers') {
        setHeaders(error.fieldErrors.headers ?? []);
      } else {
        reportError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const choose = async (file: File) => {
    if (!customer) {
      return;
    }
    setBusy(true);
    setReport(null);
    try {
      const uploaded = await uploadFile(file, 'attachment', () => undefined);
      setUploadUuid(uploaded.uuid);
      await run(uploaded.uuid, customer);
    } catch (error) {
      reportError(error);
      setBusy(false);
    }
  };

  const saveAndRetry = async () => {
    if (!customer || !uploadUuid) {
      return;
    }
    try {
      await saveMapping(customer, { columns: mapping });
      reportSuccess('Column mapping saved');
      await run(uploadUuid, customer);
    } catch (error) {
      reportError(error);
    }
  };

  const mappingComplete = AD_REQUIRED_FIELDS.every((f) => mapping[f]);
  return (
    <Modal open title="Import ad figures" onCancel={onClose} footer={null} width="min(720px, 100vw)">
      <Space direction="vertical" className="ad-import" size="middle">
        <Typography.Paragraph type="secondary">
          Export the campaign report by day from Meta Ads Manager or Google Ads and choose the CSV file. Importing the
          same days again replaces their figures.
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="Client" required>
            <Select
              options={clients}
              value={customer}
              onChange={(v: string) => {
                setCustomer(v);
                setReport(null);
                setHeaders(null);
              }}
              showSearch
              optionFilterProp="label"
              placeholder="Choose the client"
              data-testid="ad-import-client"
              aria-label="Client"
            />
          </Form.Item>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            disabled={!customer || busy}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <Button disabled={!customer} loading={busy} data-testid="ad-import-file">
              Choose CSV file
            </Button>
          </Upload>
        </Form>
        {headers ? (
          <div data-testid="ad-import-mapping">
            <Alert type="info" showIcon title="Which column holds which figure? This is remembered for the client." />
            <Form layout="vertical" className="ad-mapping">
              {AD_METRIC_FIELDS.map((field) => (
                <Form.Item key={field} label={FIELD_LABELS[field]} required={AD_REQUIRED_FIELDS.includes(field)}>
                  <Select
                    allowClear
                    aria-label={FIELD_LABELS[field]}
                    value={mapping[field]}
                    options={headers.map((h) => ({ value: h, label: h }))}
                    onChange={(v: string | undefined) => setMapping((m) => ({ ...m, [field]: v }))}
                    data-testid={`ad-map-${field}`}
                  />
                </Form.Item>
              ))}
            </Form>
            <Button type="primary" disabled={!mappingComplete} loading={busy} onClick={() => void saveAndRetry()}>
              Save mapping and import
            </Button>
          </div>
        ) : null}
        {report ? <ImportReport report={report} /> : null}
      </Space>
    </Modal>
  );
}

function ImportReport({ report }: { report: CampaignImportReport }) {
  return (
    <div data-testid="ad-import-report">
      <Alert
        type={report.errors.length ? 'warning' : 'success'}
        showIcon
        title={`Imported ${report.imported} line${report.imported === 1 ? '' : 's'}, skipped ${report.skipped}.`}
        description={
          report.created_campaigns.length ? `New campaigns: ${report.created_campaigns.join(', ')}` : undefined
        }
      />
      {report.errors.length ? (
        <Table
          size="small"
          rowKey="line"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={report.errors}
          columns={[
            { key: 'line', title: 'Line', dataIndex: 'line', width: 80 },
            { key: 'message', title: 'Problem', dataIndex: 'message' },
          ]}
          data-testid="ad-import-errors"
        />
      ) : null}
    </div>
  );
}
