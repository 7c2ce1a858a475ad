/**
 * Every kind of object a domain event can announce (DomainEvent.model). A new kind is added here, and the live
 * router (live/read-rules.ts) must then say who may learn of it: its table is keyed by this list, so a kind without
 * a read rule does not compile, and test/security/live-events.test.ts sends one event of each kind past people who
 * may not read it.
 */
export const EVENT_MODELS = [
  'task',
  'request',
  'timelog',
  'requesttimelog',
  'comment',
  'upload',
  'project',
  'customer',
  'contact',
  'role',
  'session',
  'notification',
  'mention',
  'form_answer',
  'order',
  'onboarding',
  'content_item',
  'post',
  'post_category',
] as const;

export type EventModel = (typeof EVENT_MODELS)[number];
