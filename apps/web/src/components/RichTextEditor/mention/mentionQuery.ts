/** The '@term' being typed just before the cursor, if any: where it starts and what was typed after '@'. */
export function mentionQueryAt(textBeforeCursor: string): { offset: number; term: string } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(textBeforeCursor);
  if (!match) {
    return null;
  }
  const term = match[2] ?? '';
  return { offset: textBeforeCursor.length - term.length - 1, term };
}
