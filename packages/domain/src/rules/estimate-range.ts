import { formatMinutes } from './duration';

/**
 * A request's estimated range as text (doc 2 §5): "min-max" or "min/max" in hours (digits and a dot, e.g.
 * "1.5/3"), or the display form "HH:MM - HH:MM". Empty sides are 0. Returns null when the text is not a range.
 */
export function parseEstimateRange(text: string): { min: number; max: number } | null {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { min: 0, max: 0 };
  }
  const parts = trimmed.split(/\s*[-/]\s*/);
  if (parts.length > 2) {
    return null;
  }
  const [minText = '', maxText = ''] = parts;
  const min = parseSide(minText);
  const max = parseSide(maxText);
  if (min === null || max === null) {
    return null;
  }
  return { min, max };
}

/** One side in minutes: "" → 0, "1.5" hours → 90, "01:30" → 90. */
function parseSide(text: string): number | null {
  if (text === '') {
    return 0;
  }
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(text);
  if (clock) {
    return Number(clock[1]) * 60 + Number(clock[2]);
  }
  if (/^\d{1,4}(\.\d{1,2})?$/.test(text)) {
    return Math.round(Number(text) * 60);
  }
  return null;
}

/** The display form of an estimate: 'HH:MM - HH:MM' (default '00:00 - 00:00', doc 2 §9). */
export function formatEstimateRange(min: number, max: number): string {
  return `${formatMinutes(min)} - ${formatMinutes(max)}`;
}
