/**
 * The "Upload files" dialog (doc 2 §2: 600 wide, drag and drop, several files, Cancel asks "Do you want to cancel the
 * upload?" while files are uploading, Ok). Reuse it wherever files are attached:
 *
 *   <UploadDialog open={open} onClose={() => setOpen(false)} onDone={(uploads) => attach(uploads.map((u) => u.uuid))} />
 *
 * `onDone` receives the finished uploads when Ok is pressed (Ok waits for running ones); `accept` limits the picker
 * (e.g. "image/*"), `type` is 'attachment' (default) or 'in-message'.
 */
import { InboxOutlined } from '@ant-design/icons';
import { MESSAGES, type Upload, type UploadType } from '@portal/domain';
import { Upload as AntUpload, Button, type ButtonProps, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { UploadList } from './UploadList';
import { useUploads } from './useUploads';

export type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  onDone: (uploads: Upload[]) => void;
  type?: UploadType;
  accept?: string;
  title?: string;
};

export function UploadDialog({
  open,
  onClose,
  onDone,
  type = 'attachment',
  accept,
  title = 'Upload files',
}: UploadDialogProps) {
  const uploads = useUploads({ type });
  const [finishing, setFinishing] = useState(false);

  const close = () => {
    uploads.clear();
    onClose();
  };
  const finish = async () => {
    setFinishing(true);
    await uploads.waitForAll();
    setFinishing(false);
    const done = uploads.done;
    uploads.clear();
    onDone(done);
  };

  const cancelButton = uploads.busy ? (
    <Popconfirm
      key="cancel"
      title={MESSAGES.confirmCancelUpload}
      okText="Yes"
      cancelText="No"
      onConfirm={close}
      okButtonProps={{ 'data-testid': 'upload-cancel-confirm' } as ButtonProps}
    >
      <Button data-testid="upload-dialog-cancel">Cancel</Button>
    </Popconfirm>
  ) : (
    <Button key="cancel" data-testid="upload-dialog-cancel" onClick={close}>
      Cancel
    </Button>
  );

  return (
    <Modal
      open={open}
      title={title}
      width={600}
      onCancel={uploads.busy ? undefined : close}
      closable={!uploads.busy}
      maskClosable={false}
      destroyOnHidden
      data-testid="upload-dialog"
      footer={[
        cancelButton,
        <Button
          key="ok"
          type="primary"
          loading={finishing}
          data-testid="upload-dialog-ok"
          onClick={() => void finish()}
        >
          Ok
        </Button>,
      ]}
    >
      <AntUpload.Dragger
        multiple
        accept={accept}
        showUploadList={false}
        beforeUpload={(file, list) => {
          // antd calls this once per file with the whole batch; start the batch on its first file only.
          if (file === list[0]) {
            void uploads.add(list as unknown as File[]);
          }
          return false;
        }}
        data-testid="upload-dropzone"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag files here to upload</p>
      </AntUpload.Dragger>
      {finishing ? (
        <Typography.Text type="secondary" className="upload-finishing" data-testid="upload-finishing">
          {MESSAGES.finishingUploads}
        </Typography.Text>
      ) : null}
      <div className="upload-dialog-list">
        <UploadList items={uploads.items} onRemove={uploads.cancel} />
      </div>
    </Modal>
  );
}
