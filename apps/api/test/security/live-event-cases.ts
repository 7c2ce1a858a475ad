import type { DomainEvent } from '../../src/events/domain-events';
import type { EventModel } from '../../src/events/event-kinds';
import type { buildActors, buildPlan } from '../factories';

/** Who the cases are about: the actors, a plan the freelancer is on, and one they are not. */
export type LiveEventWorld = {
  actors: Awaited<ReturnType<typeof buildActors>>;
  memberPlan: Awaited<ReturnType<typeof buildPlan>>;
  otherPlan: Awaited<ReturnType<typeof buildPlan>>;
};

/** One event as a producer emits it, and whether the admin (who may read it) must receive it. */
export type LiveEventCase = { event: DomainEvent; adminReceives: boolean };

/**
 * Events of each kind that the freelancer on `memberPlan` (and the contact) may not read, as producers emit them,
 * and whether the admin must receive each (false for kinds that never go live). Keyed by every kind: a new kind
 * needs its cases here.
 */
export function liveEventCases({ actors, memberPlan, otherPlan }: LiveEventWorld): Record<EventModel, LiveEventCase[]> {
  const id = () => crypto.randomUUID();
  const onOther = { actorId: actors.admin.id, projectId: otherPlan.id };
  const privateOnMember = {
    commentable_type: 'project',
    commentable_uuid: memberPlan.uuid,
    parent_uuid: null,
  };
  return {
    task: [{ event: { model: 'task', action: 'updated', id: id(), ...onOther }, adminReceives: true }],
    request: [{ event: { model: 'request', action: 'created', id: id(), ...onOther }, adminReceives: true }],
    timelog: [
      {
        event: { model: 'timelog', action: 'created', id: id(), ...onOther, payload: { task_uuid: id() } },
        adminReceives: true,
      },
    ],
    requesttimelog: [
      {
        event: { model: 'requesttimelog', action: 'created', id: id(), ...onOther, payload: { request_uuid: id() } },
        adminReceives: true,
      },
    ],
    comment: [
      // The review's finding: a private note on the freelancer's own plan.
      {
        event: {
          model: 'comment',
          action: 'created',
          id: id(),
          actorId: actors.admin.id,
          projectId: memberPlan.id,
          payload: { ...privateOnMember, type: 'private' },
        },
        adminReceives: true,
      },
      ...(['call_log', 'email_log', 'summary'] as const).map((type) => ({
        event: {
          model: 'comment' as const,
          action: 'updated',
          id: id(),
          actorId: actors.admin.id,
          projectId: memberPlan.id,
          payload: { ...privateOnMember, type },
        },
        adminReceives: true,
      })),
      {
        event: {
          model: 'comment',
          action: 'created',
          id: id(),
          ...onOther,
          payload: { commentable_type: 'project', commentable_uuid: otherPlan.uuid, type: 'comment' },
        },
        adminReceives: true,
      },
      // A scheduled comment exists only for its author.
      {
        event: {
          model: 'comment',
          action: 'created',
          id: id(),
          actorId: actors.admin.id,
          projectId: memberPlan.id,
          userIds: [actors.admin.id],
          payload: { commentable_type: 'project', commentable_uuid: memberPlan.uuid, type: 'comment' },
        },
        adminReceives: true,
      },
    ],
    upload: [
      // A file of a private note on the freelancer's plan.
      {
        event: {
          model: 'upload',
          action: 'attached',
          id: id(),
          actorId: actors.admin.id,
          projectId: memberPlan.id,
          payload: { holder_type: 'comment', comment_type: 'private', ...privateOnMember },
        },
        adminReceives: true,
      },
      {
        event: {
          model: 'upload',
          action: 'deleted',
          id: id(),
          ...onOther,
          payload: { holder_type: 'task', task_uuid: id() },
        },
        adminReceives: true,
      },
      // A new file, or one of a client's notes: its uploader's alone.
      {
        event: { model: 'upload', action: 'created', id: id(), actorId: actors.admin.id, userIds: [actors.admin.id] },
        adminReceives: true,
      },
      {
        event: {
          model: 'upload',
          action: 'deleted',
          id: id(),
          actorId: actors.admin.id,
          userIds: [actors.admin.id],
          payload: { holder_type: 'customer' },
        },
        adminReceives: true,
      },
      // A producer that says nothing of the audience reaches nobody.
      { event: { model: 'upload', action: 'detached', id: id(), actorId: actors.admin.id }, adminReceives: false },
    ],
    project: [
      {
        event: { model: 'project', action: 'budget', id: memberPlan.uuid, actorId: null, projectId: memberPlan.id },
        adminReceives: true,
      },
      {
        event: { model: 'project', action: 'updated', id: id(), actorId: actors.admin.id },
        adminReceives: false,
      },
    ],
    customer: [
      { event: { model: 'customer', action: 'updated', id: id(), actorId: actors.admin.id }, adminReceives: false },
    ],
    contact: [
      { event: { model: 'contact', action: 'updated', id: id(), actorId: actors.admin.id }, adminReceives: false },
    ],
    role: [{ event: { model: 'role', action: 'updated', id: id(), actorId: actors.admin.id }, adminReceives: false }],
    form_answer: [
      {
        event: { model: 'form_answer', action: 'created', id: id(), actorId: null, payload: { source: 'link' } },
        adminReceives: false,
      },
    ],
    order: [
      {
        event: { model: 'order', action: 'placed', id: id(), actorId: actors.admin.id, payload: { status: 'placed' } },
        adminReceives: false,
      },
    ],
    // A client's onboarding: regular users holding ONBOARDING_READ (the admin), never a freelancer or a contact.
    onboarding: [
      {
        event: { model: 'onboarding', action: 'updated', id: id(), actorId: null, payload: { progress: 50 } },
        adminReceives: true,
      },
    ],
    // A content item (issue 22): readers of content on a plan the freelancer is not on; the admin holds POSTS_READ.
    content_item: [
      {
        event: {
          model: 'content_item',
          action: 'client_decision',
          id: id(),
          ...onOther,
          payload: { status: 'approved' },
        },
        adminReceives: true,
      },
    ],
    // The blog (issue 22): regular users holding POSTS_READ; the routes' own emission: live-events-posts.test.ts.
    post: [
      {
        event: { model: 'post', action: 'publish', id: id(), actorId: null, payload: { status: 'published' } },
        adminReceives: true,
      },
    ],
    post_category: [
      {
        event: { model: 'post_category', action: 'created', id: id(), actorId: actors.admin.id, payload: {} },
        adminReceives: true,
      },
    ],
    session: [
      {
        event: {
          model: 'session',
          action: 'sign_in',
          id: actors.freelancer.uuid,
          actorId: actors.freelancer.id,
          userIds: [],
        },
        adminReceives: false,
      },
    ],
    notification: [
      {
        event: { model: 'notification', action: 'created', id: id(), actorId: null, userIds: [actors.admin.id] },
        adminReceives: true,
      },
    ],
    mention: [
      {
        event: {
          model: 'mention',
          action: 'created',
          id: id(),
          actorId: actors.admin.id,
          projectId: memberPlan.id,
          userIds: [actors.admin.id],
        },
        adminReceives: true,
      },
    ],
  };
}
