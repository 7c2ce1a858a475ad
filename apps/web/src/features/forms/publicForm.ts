import type { WizardStep } from '@portal/domain';

/** Local storage key of this device's key, sent with drafts so a partial answer resumes on the same device. */
export const DEVICE_KEY_STORAGE = 'portal.form-device-key';
const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

function randomKey(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This device's key (deviceKeySchema: 16–64 URL-safe characters), made once and kept. Without storage (a private
 * window that refuses it) the key lives as long as the page, so the answer still sends but does not resume.
 */
export function deviceKey(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  try {
    const kept = storage?.getItem(DEVICE_KEY_STORAGE);
    if (kept && DEVICE_KEY_PATTERN.test(kept)) {
      return kept;
    }
    const made = randomKey(random);
    storage?.setItem(DEVICE_KEY_STORAGE, made);
    return made;
  } catch {
    return randomKey(random);
  }
}

/**
 * A 422 of the answer endpoints puts each question's message under `values.<question>`; the rest (a body-level
 * refusal) is said as a whole.
 */
export function answerErrorsOf(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  questionNames: ReadonlySet<string>,
): { byQuestion: Record<string, string>; other: string[] } {
  const byQuestion: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const [head, name] = key.split('.');
    const text = messages[0];
    if (!text) {
      continue;
    }
    if (head === 'values' && name && questionNames.has(name)) {
      byQuestion[name] ??= text;
    } else {
      other.push(text);
    }
  }
  return { byQuestion, other };
}

/** The first wizard step holding a question with a message, so a refused answer opens where to look. */
export function firstStepWithMessage(steps: readonly WizardStep[], messages: Readonly<Record<string, string>>) {
  return steps.find((step) => step.questions.some((q) => messages[q.name] !== undefined))?.index ?? null;
}

/** Only the given questions' messages (Next checks the page it leaves, not the pages to come). */
export function messagesFor(messages: Readonly<Record<string, string>>, names: readonly string[]) {
  return Object.fromEntries(Object.entries(messages).filter(([name]) => names.includes(name)));
}
