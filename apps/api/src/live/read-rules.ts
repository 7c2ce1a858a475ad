import type { DomainEvent } from '../events/domain-events';
import type { EventModel } from '../events/event-kinds';

/**
 * Who may learn of each kind of event live: the rule of reading the object it announces, declared once per kind.
 * A live event is a read — its id, time and kind say that something happened — so it goes only to people who may
 * read what it announces (a private note's creation is as private as its text). The table is keyed by every kind
 * (events/event-kinds.ts): a new kind does not compile until it says who may learn of it.
 */

/** Permissions a reader must hold, all of them; empty when seeing the object is enough. */
export type ReadPermissions = readonly string[];

/**
 * Where an event goes:
 * - `object`: model.changes (task.move for a task's move) to whoever sees the object — everyone on its plan, only
 *   the owner of a personal plan, freelancers linked to it (live/audience.ts) — and holds `read`; when the producer
 *   named people (`userIds`: a scheduled comment exists only for its author) only those of them who hold `read`;
 * - `named`: only the people the producer named who hold `read`; nobody when it named nobody;
 * - `inbox`: the named people's own users.{uuid} channel (the bell, the Mentions badge);
 * - `plan-channel`: project.{uuid}, whose join rule (live/channels.ts) is this event's read rule (the budget);
 * - `none`: not sent live; server-side consumers (caches, audit log) still hear it.
 */
export type LiveDelivery =
  | { to: 'object'; read: ReadPermissions }
  | { to: 'named'; read: ReadPermissions }
  | { to: 'inbox' }
  | { to: 'plan-channel' }
  | { to: 'none' };

export type LiveReadRule = {
  /** Every permission set `deliver` can answer: the room classes a socket joins (live/rooms.ts). */
  reads: readonly ReadPermissions[];
  deliver(event: DomainEvent): LiveDelivery;
};

const TASK: ReadPermissions = ['TASKS_READ'];
const REQUEST: ReadPermissions = ['REQUEST_READ'];
const TIMELOG: ReadPermissions = ['TIMELOG_READ'];
const COMMENT: ReadPermissions = ['COMMENTS_READ'];
/** Private notes, call logs, e-mail logs and summaries on plans (comment-access.ts: visibleComments). */
const PRIVATE_COMMENT: ReadPermissions = ['COMMENTS_READ', 'COMMENTS_PRIVATE'];
const NOTHING_MORE: ReadPermissions = [];
const ONBOARDING: ReadPermissions = ['ONBOARDING_READ'];
const POSTS: ReadPermissions = ['POSTS_READ'];

/** A comment on a content item: its readers must also read content (POSTS_READ, content-access.ts). */
const CONTENT_COMMENT: ReadPermissions = ['COMMENTS_READ', 'POSTS_READ'];

/**
 * A comment of type 'comment' is for every reader of comments; any other type (or none said) is private. On a
 * content item (only plain comments exist there) the reader needs POSTS_READ besides.
 */
const commentRead = (type: unknown, commentableType?: unknown): ReadPermissions =>
  commentableType === 'content_item' ? CONTENT_COMMENT : type === 'comment' ? COMMENT : PRIVATE_COMMENT;

const object = (read: ReadPermissions): LiveReadRule => ({ reads: [read], deliver: () => ({ to: 'object', read }) });
const none: LiveReadRule = { reads: [], deliver: () => ({ to: 'none' }) };

export const LIVE_READ_RULES: Record<EventModel, LiveReadRule> = {
  task: object(TASK),
  request: object(REQUEST),
  timelog: object(TIMELOG),
  requesttimelog: object(TIMELOG),
  comment: {
    reads: [COMMENT, PRIVATE_COMMENT, CONTENT_COMMENT],
    deliver: (event) => ({
      to: 'object',
      read: commentRead(event.payload?.type, event.payload?.commentable_type),
    }),
  },
  /**
   * A file is read as its holder is (uploads/holder-access.ts): the producer says which holder
   * (uploads/upload-events.ts). A file nobody holds yet, or one held by a client or a person, is the named
   * people's (its uploader's) alone.
   */
  upload: {
    reads: [TASK, REQUEST, COMMENT, PRIVATE_COMMENT, CONTENT_COMMENT, NOTHING_MORE],
    deliver: (event) => {
      switch (event.payload?.holder_type) {
        case 'task':
          return { to: 'object', read: TASK };
        case 'request':
          return { to: 'object', read: REQUEST };
        case 'comment':
          return { to: 'object', read: commentRead(event.payload?.comment_type, event.payload?.commentable_type) };
        default:
          return { to: 'named', read: NOTHING_MORE };
      }
    },
  },
  // The budget goes to the plan's channel; creating or editing a plan refreshes lists through their own queries.
  project: {
    reads: [],
    deliver: (event) => (event.action === 'budget' ? { to: 'plan-channel' } : { to: 'none' }),
  },
  customer: none,
  contact: none,
  role: none,
  session: none,
  notification: { reads: [], deliver: () => ({ to: 'inbox' }) },
  mention: { reads: [], deliver: () => ({ to: 'inbox' }) },
  // A new form answer reaches people through their bell (form-notifications.ts), not as a live object event.
  form_answer: none,
  // Orders (issue 20) refresh their screen through its own queries; the bus event is for listeners (onboarding).
  order: none,
  // A client's onboarding (no plan): regular users who may read onboardings see the board move as the client works.
  onboarding: object(ONBOARDING),
  // Content plans (issue 22): whoever may read content on the item's plan sees it move (a client's answer too).
  content_item: object(POSTS),
  // The blog (issue 22): regular users who may read posts see /cms and an open editor's fields refresh (no plan,
  // so no freelancer or client is in these rooms).
  post: object(POSTS),
  post_category: object(POSTS),
};

/** The room class of a permission set (live/rooms.ts): `*` for none, else the names sorted and joined by `+`. */
export const readClass = (read: ReadPermissions): string => (read.length ? [...read].sort().join('+') : '*');

/** Every permission set some rule can ask for. */
export const READ_SETS: readonly ReadPermissions[] = [
  ...new Map(
    Object.values(LIVE_READ_RULES)
      .flatMap((rule) => rule.reads)
      .map((read) => [readClass(read), read] as const),
  ).values(),
];
