import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS } from '@portal/domain';
import { Button, Form, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { reportError } from '../../shell/feedback';
import { uploadFile } from '../uploads/api';

export type CoverChoice = { uuid: string; url: string } | null;

/**
 * The post's cover: upload an image (through the pre-signed flow at once, kept with the post on Save), see it,
 * replace or remove it. The server holds one cover per post and refuses anything but an image; the preview is the
 * signed-in file path, while the public API answers a public address that works only once the post is published.
 */
export function CoverPicker({
  value,
  disabled,
  onChange,
}: {
  value: CoverChoice;
  disabled: boolean;
  onChange(next: CoverChoice): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, 'attachment', () => undefined);
      onChange({ uuid: uploaded.uuid, url: uploaded.url });
    } catch (error) {
      reportError(error);
    } finally {
      setUploading(false);
      if (input.current) {
        input.current.value = '';
      }
    }
  };
  return (
    <Form.Item label="Cover image">
      <Space direction="vertical" className="post-full-width">
        {value ? (
          <img src={value.url} alt="Cover" className="post-cover-preview" data-testid="post-cover-preview" />
        ) : (
          <Typography.Text type="secondary">No cover image</Typography.Text>
        )}
        <input
          ref={input}
          type="file"
          // The button below opens it; a hidden attribute alone loses to the form's input styles.
          style={{ display: 'none' }}
          accept={IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
          onChange={(event) => void pick(event.target.files?.[0])}
          aria-label="Cover image file"
          data-testid="post-cover-input"
        />
        {disabled ? null : (
          <Space wrap>
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
              {value ? 'Replace cover' : 'Upload cover'}
            </Button>
            {value ? (
              <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} data-testid="post-cover-remove">
                Remove cover
              </Button>
            ) : null}
          </Space>
        )}
      </Space>
    </Form.Item>
  );
}
