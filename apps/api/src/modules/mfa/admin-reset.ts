import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { assertMayManage } from '../contacts/may-manage';
import { escapeHtml } from '../mail/html';
import { removeFactors } from './factors';

/**
 * An admin removes a person's second factor (a lost phone and lost recovery codes). The person is told by mail,
 * since a reset they did not ask for means someone may be taking their account over; the audit trail records who.
 */
export async function resetSecondFactor(ctx: AppContext, actor: Principal, userUuid: string): Promise<void> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.uuid, userUuid) });
  if (!user) {
    throw notFound();
  }
  // A reset weakens the account: nobody does it to a login holding permissions they lack.
  await assertMayManage(ctx.db, actor, user.id);
  const actorId = actor.userId;
  const hadFactor = await ctx.db.transaction(async (tx) => {
    const removed = await removeFactors(tx, user.id);
    if (removed) {
      await ctx.sessions.invalidateUser(user.id, tx);
    }
    return removed;
  });
  if (!hadFactor) {
    throw new AppError(422, MESSAGES.secondFactorOff, { code: 'second_factor_off' });
  }
  const signIn = `${ctx.config.appUrl}/login`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Agency Portal two-factor authentication was reset',
    template: 'second_factor_reset',
    text: [
      'An administrator reset the two-factor authentication of your Agency Portal account.',
      'You sign in with your password alone now; if your role requires a second factor, you will be asked to set up an authenticator app again.',
      '',
      `Sign in: ${signIn}`,
      '',
      'If you did not ask for this, tell your administrator and change your password with "Forgot password?".',
    ].join('\n'),
    html: `<p>An administrator reset the two-factor authentication of your Agency Portal account.</p><p>You sign in with your password alone now; if your role requires a second factor, you will be asked to set up an authenticator app again.</p><p><a href="${escapeHtml(signIn)}">Sign in</a></p><p>If you did not ask for this, tell your administrator and change your password with "Forgot password?".</p>`,
  });
  ctx.events.publish([
    {
      model: 'session',
      action: 'second_factor_reset',
      id: user.uuid,
      actorId,
      userIds: [],
      payload: { email: user.email },
    },
  ]);
}
