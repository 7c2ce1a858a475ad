import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LazyPopover } from '../../components/LazyOverlay';
import { PlainSpinner } from '../../pages/plain/PlainSpinner';
import './people.css';

// The card (Typography with its copy button, the card query) loads when a card first opens: names are on the
// dashboard, the first screen, where most are never opened.
const PersonCardContent = lazy(() => import('./PersonCardContent').then((m) => ({ default: m.PersonCardContent })));

type Props = { uuid: string; name: string; strong?: boolean; testId?: string };

/**
 * A person's name that opens their card (the user popover, doc 2 §2) on hover, click or tap. It is a button, so the
 * keyboard opens it too: the card then takes focus (Tab reaches its links and the copy button), and Escape or leaving
 * it closes it, Escape with focus back on the name.
 */
export function PersonName({ uuid, name, strong, testId = 'person-name' }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const openedByKeyboard = useRef(false);

  useEffect(() => {
    if (open && openedByKeyboard.current) {
      // The popover renders in a portal; its content exists from the next frame.
      const frame = requestAnimationFrame(() => card.current?.focus());
      return () => cancelAnimationFrame(frame);
    }
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    openedByKeyboard.current = false;
    if (returnFocus) {
      button.current?.focus();
    }
  };
  const onCardKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <LazyPopover
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close(false))}
      // Hover shows it; a click or tap (or Enter) opens it too, in the button's onClick. A click trigger here would
      // toggle, closing the card the hover had just opened.
      trigger="hover"
      placement="bottomLeft"
      destroyOnHidden
      content={
        <div
          ref={card}
          role="dialog"
          aria-label={name}
          tabIndex={-1}
          className="person-popover"
          data-testid="person-popover"
          onKeyDown={onCardKeyDown}
          onBlur={(event) => {
            if (openedByKeyboard.current && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
              close(false);
            }
          }}
        >
          <Suspense fallback={<PlainSpinner size="small" />}>
            <PersonCardContent uuid={uuid} name={name} />
          </Suspense>
        </div>
      }
    >
      <button
        ref={button}
        type="button"
        className={strong ? 'person-name person-name--strong' : 'person-name'}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={testId}
        onClick={(event) => {
          // Names sit in clickable rows (a request, a task): opening the card must not also open the row.
          event.stopPropagation();
          // A click from the keyboard (Enter, Space) has no pointer position: the card then takes focus.
          openedByKeyboard.current = event.detail === 0;
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            close(true);
          }
        }}
      >
        {name}
      </button>
    </LazyPopover>
  );
}

/** A comma-separated list of people, each name opening their card. */
export function PersonNames({ people, testId }: { people: { uuid: string; name: string }[]; testId?: string }) {
  return people.map((person, index) => (
    <span key={person.uuid}>
      {index > 0 ? ', ' : null}
      <PersonName uuid={person.uuid} name={person.name} testId={testId} />
    </span>
  ));
}
