/**
 * Small choices the shell remembers per person in this browser (the sidebar's collapsed groups, the command palette's
 * recent items). Keyed by the person's uuid, so a shared computer keeps each person's own; a failing storage (full,
 * disabled, private mode) only loses the remembered choice.
 */
export type PersonalStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function browserStorage(): PersonalStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storageKey(what: string, personUuid: string): string {
  return `portal.${what}.${personUuid}`;
}

/** The saved list, or [] when there is none or it cannot be read; `valid` drops entries of an older shape. */
export function readPersonalList<T>(
  storage: PersonalStorage | null,
  what: string,
  personUuid: string,
  valid: (item: unknown) => item is T,
): T[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(storageKey(what, personUuid)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(valid) : [];
  } catch {
    return [];
  }
}

export function writePersonalList<T>(
  storage: PersonalStorage | null,
  what: string,
  personUuid: string,
  items: readonly T[],
): void {
  try {
    storage?.setItem(storageKey(what, personUuid), JSON.stringify(items));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

export const isString = (item: unknown): item is string => typeof item === 'string';
