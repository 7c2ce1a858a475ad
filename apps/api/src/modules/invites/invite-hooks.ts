import type { Tx } from '../../db/client';
import type { InviteInclusions } from '../../db/schema';
import type { Emit } from '../../events/domain-events';

/** What the invite says about itself to whoever acts when one is sent (or sent again). */
export type InviteSent = {
  customerId: number;
  inviteId: number;
  inclusions: InviteInclusions;
  actorId: number | null;
};

/** A link the invite e-mail carries besides the register link, with its one-time secret (redacted from the log). */
export type InviteMailLink = { label: string; url: string; secret: string };

/** `emit` announces the hook's writes once the invite's transaction committed. */
type InviteSentHook = (tx: Tx, sent: InviteSent, emit: Emit) => Promise<InviteMailLink | null>;

const hooks = new Set<InviteSentHook>();

/**
 * Lets another module act inside the invite's own transaction when it is sent (the onboarding module starts the
 * client's onboarding). Unlike a committed event, a hook's answer can still go into the e-mail: the message carries
 * the link the hook made, and a hook that fails fails the send. Answers the unsubscribe.
 */
export function onInviteSent(hook: InviteSentHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export async function inviteSent(tx: Tx, sent: InviteSent, emit: Emit): Promise<InviteMailLink[]> {
  const links: InviteMailLink[] = [];
  for (const hook of hooks) {
    const link = await hook(tx, sent, emit);
    // Two apps in one process (tests) each register the same hook: a link is mailed once.
    if (link && !links.some((l) => l.url === link.url)) {
      links.push(link);
    }
  }
  return links;
}
