import './help.css';
import { Modal } from 'antd';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

/** The shortcuts the app answers to; each is implemented where it is listed. */
const SHORTCUTS: [keys: string[], what: string][] = [
  [[`${MOD}+K`], 'Go to a screen, a recent task, request or plan, or an action (New task, Start timer…)'],
  [['/'], 'Search plans, tasks, people, clients and requests'],
  [['↑', '↓', 'Enter'], 'Move through search or palette results and open one'],
  [['Esc'], 'Close the search, a menu, a drawer or a dialog'],
  [[`${MOD}+Enter`], 'Send the comment you are writing'],
  [['Tab', 'Shift+Tab'], 'Move between controls; Enter or Space activates one'],
];

export function KeyboardShortcutsModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open title="Keyboard shortcuts" onCancel={onClose} footer={null} data-testid="shortcuts-modal">
      <table className="help-table">
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={what}>
              <td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' or ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
