import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { reportSuccess } from '../../shell/feedback';

const FILE_NAME = 'agency-portal-recovery-codes.txt';

function download(codes: string[]) {
  const text = [
    'Agency Portal recovery codes',
    'Each code signs you in once, instead of a code from your app.',
    '',
    ...codes,
    '',
  ];
  const url = URL.createObjectURL(new Blob([text.join('\n')], { type: 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
  link.click();
  URL.revokeObjectURL(url);
}

/** Fresh recovery codes: shown this once (the server keeps only their digests), to copy or download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div data-testid="recovery-codes">
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone."
      />
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code data-testid="recovery-code">{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => reportSuccess('Recovery codes copied.'))
          }
          data-testid="recovery-codes-copy"
        >
          Copy
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)} data-testid="recovery-codes-download">
          Download
        </Button>
      </Space>
    </div>
  );
}
