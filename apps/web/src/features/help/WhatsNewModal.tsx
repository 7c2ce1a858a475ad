import './help.css';
import { versionLabel } from '@portal/domain';
import { Modal } from 'antd';
import { RELEASE_NOTES } from './releaseNotes';

/** What's new: the running version and build, and the notes of recent versions. */
export function WhatsNewModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open title="What's new" onCancel={onClose} footer={null}>
      <p data-testid="whats-new-version">
        You are using version {__APP_VERSION__} (build {versionLabel(__BUILD_HASH__)}).
      </p>
      {RELEASE_NOTES.map((note) => (
        <section key={note.version}>
          <h3 className="help-version">Version {note.version}</h3>
          <ul>
            {note.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}
