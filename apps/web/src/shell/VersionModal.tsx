import { MESSAGES } from '@portal/domain';
import { Button, Modal } from 'antd';

/** Shown when the API refuses this bundle's version (400 invalid_api_version). */
export function VersionModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      open
      title={MESSAGES.updateAvailableTitle}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="refresh" type="primary" onClick={() => window.location.reload()}>
          Refresh
        </Button>,
      ]}
    >
      <p data-testid="version-modal">{MESSAGES.updateAvailableBody}</p>
    </Modal>
  );
}
