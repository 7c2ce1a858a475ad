/** Someone else with the shared document open (their awareness state: name and cursor colour). */
export type PresentPerson = { uuid: string; name: string; color: string };

/**
 * The people in a document from the provider's awareness states (one per open editor, keyed by client id): others
 * only, each once however many tabs they have open, by name. A state without a named user (still connecting) is
 * skipped.
 */
export function presentPeople(states: ReadonlyMap<number, unknown>, selfClientId: number, selfUuid: string) {
  const people = new Map<string, PresentPerson>();
  for (const [clientId, state] of states) {
    const user = (state as { user?: Partial<PresentPerson> } | null)?.user;
    if (clientId === selfClientId || !user?.uuid || !user.name || user.uuid === selfUuid) {
      continue;
    }
    people.set(user.uuid, { uuid: user.uuid, name: user.name, color: user.color ?? '#1677ff' });
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Up to two initials for an avatar: 'Jamie Rivera' → 'JR'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => (word ?? '').charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}

/** Black or white, whichever reads better on a '#rrggbb' colour (WCAG contrast; either way at least 4.5:1). */
export function textColorOn(background: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = Number.parseInt(background.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}
