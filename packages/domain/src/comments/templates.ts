/**
 * The six canned replies (doc 2 §9), seeded once as comment templates; admins edit them afterwards. '@name' stands for
 * the contact the reply is for and is replaced when a template is inserted.
 */
export const CANNED_COMMENT_TEMPLATES: readonly { title: string; content: string }[] = [
  {
    title: 'Estimate ready',
    content:
      'Hi @name, the estimate for this request is ready. Please review it and approve it here so we can get started.',
  },
  {
    title: 'Follow-up on approval',
    content:
      'Hi @name, just following up on the estimate we sent. Could you approve it when you have a moment so we can keep things moving?',
  },
  {
    title: 'Project completed',
    content:
      'Hi @name, good news: this project is complete. Please take a look and let us know if anything needs adjusting.',
  },
  {
    title: 'Final approval follow-up',
    content:
      'Hi @name, we are waiting for your final approval before we close this out. Please confirm when everything looks right.',
  },
  {
    title: 'Need clarification',
    content:
      'Hi @name, before we continue we need a little more detail. Could you clarify the points above so we get it right?',
  },
  {
    title: 'Scope change',
    content:
      'Hi @name, this change goes beyond the original scope. We will update the estimate and share it with you for approval before continuing.',
  },
];

/** A template's content for one contact: every '@name' becomes their name (or is dropped when nobody is known). */
export function fillCommentTemplate(content: string, contactName: string | null | undefined): string {
  const name = contactName?.trim();
  return content
    .replace(/@name\b/g, name ? name : '')
    .replace(/ {2,}/g, ' ')
    .replace(/ ,/g, ',');
}
