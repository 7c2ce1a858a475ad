import type { Mentionable } from '@portal/domain';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import '../RichTextEditor.css';
import './mention.css';
import { type Ref, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { type RichTextDelta, toDelta } from '../delta';
import { labelToolbar } from '../toolbarLabels';
import { type MentionValue, registerMention } from './mentionBlot';
import { mentionQueryAt } from './mentionQuery';

/** The comment editor's toolbar: the shared editor's, mentions typed with '@'. */
const TOOLBAR = [
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
];
const FORMATS = ['size', 'bold', 'italic', 'underline', 'link', 'list', 'mention'];
/** Doc 2 §9: the mentionables list waits 400 ms after typing. */
export const MENTION_DEBOUNCE_MS = 400;

export type CommentEditorHandle = {
  clear(): void;
  focus(): void;
  /** Puts plain text at the cursor (a template). */
  insertText(text: string): void;
};

export type CommentQuillProps = {
  value?: RichTextDelta | null;
  onChange?(delta: RichTextDelta, plainText: string): void;
  /** CMD/CTRL+Enter. */
  onSubmit?(): void;
  loadMentionables?(term: string, signal: AbortSignal): Promise<Mentionable[]>;
  placeholder?: string;
  testId?: string;
  handle?: Ref<CommentEditorHandle>;
};

type Popup = { offset: number; term: string; top: number; left: number };

const TYPE_LABELS: Record<string, string> = {
  regular_user: 'Staff',
  freelancer: 'Freelancer',
  contact: 'Contact',
  group: 'Group',
};

/** Quill with @mentions: typing '@' lists whom one may mention (their type shown); Enter or a click inserts one. */
export default function CommentQuill({
  value,
  onChange,
  onSubmit,
  loadMentionables,
  placeholder,
  testId,
  handle,
}: CommentQuillProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [items, setItems] = useState<Mentionable[]>([]);
  const [active, setActive] = useState(0);
  const latest = useRef({ onChange, onSubmit, popup, items, active });
  useLayoutEffect(() => {
    latest.current = { onChange, onSubmit, popup, items, active };
  });

  const emit = useCallback((editor: Quill) => {
    const delta: RichTextDelta = { ops: editor.getContents().ops as RichTextDelta['ops'] };
    latest.current.onChange?.(delta, editor.getText().replace(/\n$/, ''));
  }, []);

  const trackMention = useCallback((editor: Quill) => {
    const selection = editor.getSelection();
    if (!selection || selection.length > 0) {
      setPopup(null);
      return;
    }
    const start = Math.max(0, selection.index - 41);
    const query = mentionQueryAt(editor.getText(start, selection.index - start));
    if (!query) {
      setPopup(null);
      return;
    }
    const offset = start + query.offset;
    const bounds = editor.getBounds(offset);
    setPopup({ offset, term: query.term, top: (bounds?.bottom ?? 0) + 4, left: bounds?.left ?? 0 });
  }, []);

  const choose = useCallback(
    (item: Mentionable) => {
      const editor = quill.current;
      const open = latest.current.popup;
      if (!editor || !open) {
        return;
      }
      const value: MentionValue = { id: item.uuid, value: item.name, type: item.type, denotationChar: '@' };
      editor.deleteText(open.offset, open.term.length + 1, 'user');
      editor.insertEmbed(open.offset, 'mention', value, 'user');
      editor.insertText(open.offset + 1, ' ', 'user');
      editor.setSelection(open.offset + 2, 0, 'user');
      setPopup(null);
      emit(editor);
    },
    [emit],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first value seeds the editor only
  useEffect(() => {
    const container = host.current;
    if (!container) {
      return;
    }
    registerMention();
    const editor = new Quill(container.appendChild(document.createElement('div')), {
      theme: 'snow',
      modules: { toolbar: TOOLBAR, uploader: { mimetypes: [] } },
      formats: FORMATS,
      placeholder,
    });
    labelToolbar(editor);
    if (value) {
      editor.setContents(toDelta(value, null, FORMATS) as never, 'silent');
    }
    editor.on('text-change', (_change, _old, source) => {
      if (source === 'user') {
        emit(editor);
        trackMention(editor);
      }
    });
    editor.on('selection-change', () => trackMention(editor));
    quill.current = editor;
    return () => {
      quill.current = null;
      container.replaceChildren();
    };
  }, []);

  // Keys the popup and CMD/CTRL+Enter take before Quill's own keyboard handling (capture phase on the host).
  useEffect(() => {
    const container = host.current;
    if (!container) {
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      const { popup: open, items: list, active: index } = latest.current;
      if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onSubmit?.();
        return;
      }
      if (!open || list.length === 0) {
        if (open && event.key === 'Escape') {
          setPopup(null);
        }
        return;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        event.stopPropagation();
        setActive((index + (event.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        event.stopPropagation();
        const item = list[index];
        if (item) {
          choose(item);
        }
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setPopup(null);
      }
    };
    container.addEventListener('keydown', onKey, true);
    return () => container.removeEventListener('keydown', onKey, true);
  }, [choose]);

  // The mentionables search, 400 ms after the last keystroke.
  const term = popup?.term;
  useEffect(() => {
    if (term === undefined || !loadMentionables) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      loadMentionables(term, controller.signal)
        .then((found) => {
          setItems(found);
          setActive(0);
        })
        .catch(() => setItems([]));
    }, MENTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, loadMentionables]);

  useImperativeHandle(
    handle,
    () => ({
      clear() {
        quill.current?.setContents([] as never, 'silent');
        setPopup(null);
      },
      focus() {
        quill.current?.focus();
      },
      insertText(text: string) {
        const editor = quill.current;
        if (editor) {
          const at = editor.getSelection(true)?.index ?? editor.getLength() - 1;
          editor.insertText(at, text, 'user');
          editor.setSelection(at + text.length, 0, 'user');
          emit(editor);
        }
      },
    }),
    [emit],
  );

  return (
    <div className="comment-editor" data-testid={testId}>
      <div ref={host} className="rich-text-editor" />
      {popup && items.length > 0 ? (
        <div
          className="mention-list"
          role="listbox"
          style={{ top: popup.top + 42, left: Math.max(0, popup.left) }}
          data-testid="mention-list"
        >
          {items.map((item, index) => (
            <div
              key={item.uuid}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'mention-item mention-item--active' : 'mention-item'}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
              data-testid="mention-option"
            >
              <span className="mention-name">{item.name}</span>
              <span className="mention-type">{TYPE_LABELS[item.type] ?? item.type}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
