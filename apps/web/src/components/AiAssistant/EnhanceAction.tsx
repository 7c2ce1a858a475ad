import { BulbOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useConfig } from '../../auth/queries';
import { EnhancePanel } from './EnhancePanel';

/** The part of a Quill 2 editor the action uses. */
type Range = { index: number; length: number };
interface EditorLike {
  getSelection(focus?: boolean): Range | null;
  getText(index?: number, length?: number): string;
  getLength(): number;
  deleteText(index: number, length: number, source?: string): unknown;
  insertText(index: number, text: string, source?: string): unknown;
  setSelection(index: number, length?: number, source?: string): void;
  on(event: 'selection-change', handler: (range: Range | null) => void): unknown;
  off(event: 'selection-change', handler: (range: Range | null) => void): unknown;
}

/**
 * 'Enhance' under a rich-text editor (doc 1 §1): the writing assistant on the selection, or on the whole text when
 * nothing is selected. The suggestion replaces that text only when accepted, as a user edit (so the editor's own
 * saving and collaboration see it); hidden when the server has no AI provider configured.
 */
export function EnhanceAction({ editor }: { editor: unknown }) {
  const config = useConfig();
  const quill = editor as EditorLike | null;
  const lastRange = useRef<Range | null>(null);
  const [target, setTarget] = useState<{ range: Range; text: string; whole: boolean } | null>(null);

  // Clicking the button takes the focus from the editor (its selection reads null then): remember the last one.
  useEffect(() => {
    if (!quill) {
      return;
    }
    const remember = (range: Range | null) => {
      if (range) {
        lastRange.current = range;
      }
    };
    quill.on('selection-change', remember);
    return () => {
      quill.off('selection-change', remember);
    };
  }, [quill]);

  if (!config?.ai_enabled || !quill) {
    return null;
  }

  const open = () => {
    const selected = quill.getSelection() ?? lastRange.current;
    const whole = !selected || selected.length === 0;
    // Quill ends every document with a newline that is not the user's text.
    const range = whole ? { index: 0, length: Math.max(0, quill.getLength() - 1) } : selected;
    setTarget({ range, text: quill.getText(range.index, range.length), whole });
  };

  const accept = (text: string) => {
    if (!target) {
      return;
    }
    quill.deleteText(target.range.index, target.range.length, 'user');
    quill.insertText(target.range.index, text, 'user');
    quill.setSelection(target.range.index + text.length, 0, 'user');
    setTarget(null);
  };

  return (
    <div className="rich-text-enhance">
      <Button size="small" type="text" icon={<BulbOutlined />} onClick={open} data-testid="enhance-open">
        Enhance
      </Button>
      {target ? (
        <Modal
          open
          title="Writing assistant"
          footer={null}
          width={640}
          destroyOnHidden
          onCancel={() => setTarget(null)}
        >
          <EnhancePanel
            source={target.text}
            sourceLabel={target.whole ? 'the whole text' : 'the selection'}
            onAccept={accept}
            onDiscard={() => setTarget(null)}
          />
        </Modal>
      ) : null}
    </div>
  );
}
