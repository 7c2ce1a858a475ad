/**
 * Content plans (issue 22): the platforms a content item is written for, how long each platform lets a caption be,
 * where its feed cuts the caption behind "…more", the aspect its image is cropped to, and the status flow.
 */

export const CONTENT_PLATFORMS = [
  'instagram',
  'facebook',
  'linkedin',
  'x',
  'tiktok',
  'youtube',
  'blog',
  'newsletter',
] as const;
export type ContentPlatform = (typeof CONTENT_PLATFORMS)[number];

export type PlatformRule = {
  label: string;
  /** Most characters the platform accepts in a caption (counted as code points, as the platforms count). */
  maxCaption: number;
  /** Where the feed cuts the caption behind "…more"; null when it shows the whole text. */
  feedCut: number | null;
  /** The image crop of the preview: width / height. */
  aspect: number;
};

/**
 * The platforms' published caption limits (X 280, Instagram 2,200, LinkedIn 3,000, Facebook 63,206, TikTok 2,200,
 * YouTube descriptions 5,000). Blog and newsletter have no platform limit; 20,000 characters is a generous cap for
 * a teaser or intro, so nothing unbounded is stored.
 */
export const PLATFORM_RULES: Record<ContentPlatform, PlatformRule> = {
  instagram: { label: 'Instagram', maxCaption: 2200, feedCut: 125, aspect: 4 / 5 },
  facebook: { label: 'Facebook', maxCaption: 63206, feedCut: 480, aspect: 1.91 },
  linkedin: { label: 'LinkedIn', maxCaption: 3000, feedCut: 210, aspect: 1.91 },
  x: { label: 'X', maxCaption: 280, feedCut: null, aspect: 16 / 9 },
  tiktok: { label: 'TikTok', maxCaption: 2200, feedCut: 100, aspect: 9 / 16 },
  youtube: { label: 'YouTube', maxCaption: 5000, feedCut: 100, aspect: 16 / 9 },
  blog: { label: 'Blog', maxCaption: 20000, feedCut: 300, aspect: 1.91 },
  newsletter: { label: 'Newsletter', maxCaption: 20000, feedCut: 300, aspect: 2 },
};

/** Caption length as the platforms count it: code points, so an emoji is one character, not two. */
export const captionLength = (caption: string) => [...caption].length;

export function captionTooLong(platform: ContentPlatform, caption: string): string | null {
  const rule = PLATFORM_RULES[platform];
  return captionLength(caption) > rule.maxCaption
    ? `A ${rule.label} caption may be at most ${rule.maxCaption.toLocaleString('en-US')} characters`
    : null;
}

/** The caption as the platform's feed first shows it: cut at the platform's point, with whether it was cut. */
export function feedCaption(platform: ContentPlatform, caption: string): { text: string; cut: boolean } {
  const cut = PLATFORM_RULES[platform].feedCut;
  const chars = [...caption];
  if (cut === null || chars.length <= cut) {
    return { text: caption, cut: false };
  }
  return { text: chars.slice(0, cut).join('').trimEnd(), cut: true };
}

export const CONTENT_STATUSES = [
  'draft',
  'in_review',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  scheduled: 'Scheduled',
  published: 'Published',
};

/**
 * The allowed moves, one rule for the API, the board and the bulk change. Review can end either way; changes go
 * back to draft or straight to review; an approved item is scheduled (or reopened); a scheduled one is published
 * or taken back to approved; a published post is final (it is out in the world).
 */
const CONTENT_MOVES: Record<ContentStatus, readonly ContentStatus[]> = {
  draft: ['in_review'],
  in_review: ['draft', 'changes_requested', 'approved'],
  changes_requested: ['draft', 'in_review'],
  approved: ['in_review', 'changes_requested', 'scheduled'],
  scheduled: ['approved', 'published'],
  published: [],
};

export function contentMoveAllowed(from: ContentStatus, to: ContentStatus): boolean {
  return from === to || CONTENT_MOVES[from].includes(to);
}

/** The refusal's message, or null when the move is allowed. */
export function contentMoveError(from: ContentStatus, to: ContentStatus): string | null {
  if (contentMoveAllowed(from, to)) {
    return null;
  }
  if (from === 'published') {
    return CONTENT_MESSAGES.publishedIsFinal;
  }
  return `A content item cannot move from ${CONTENT_STATUS_LABELS[from]} to ${CONTENT_STATUS_LABELS[to]}`;
}

/** What a client may answer on an approval link, and the status each answer moves the item to. */
export const APPROVAL_DECISIONS = ['approve', 'request_changes'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const DECISION_STATUS: Record<ApprovalDecision, ContentStatus> = {
  approve: 'approved',
  request_changes: 'changes_requested',
};

export const APPROVAL_LINK_DAYS = { default: 14, max: 90 } as const;

export const CONTENT_MESSAGES = {
  publishedIsFinal: 'A published content item cannot change its status',
  publishedKeepsTime: 'A published content item keeps the time it was published',
  scheduleNeedsTime: 'Set the scheduled date and time before scheduling the item',
  assigneeNotOnPlan: 'The assignee must be a staff member who can see this plan',
  approvalNoContacts: "This plan's client has no contacts with an e-mail address to send the approval link to",
  approvalItemsNotOnPlan: 'Every item must belong to the chosen plan',
  approvalItemNotDecidable: 'This item is no longer waiting for your approval',
  approvalLinkNotFound: 'This approval link does not exist',
  approvalLinkExpired: 'This approval link has expired. Ask the agency for a new one',
  approvalLinkRevoked: 'This approval link was withdrawn by the agency',
  requestChangesNeedsComment: 'Tell us what to change',
  approvalSent: 'Sent for approval',
  approvalMailSubject: 'Content waiting for your approval',
  clientDecisionTitle: 'Client answered on content',
} as const;
