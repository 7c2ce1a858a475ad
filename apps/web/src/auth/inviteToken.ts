/** The invite token of a /register?invite= or /login?invite= address. */
export function inviteTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('invite')?.trim();
  return token ? token : null;
}

/**
 * The invite a signed-in user still has to accept on leaving a public-only page: the address's token, unless this
 * tab already used it (registration sends the token with the account, and a token is accepted only once per tab).
 */
export function inviteToAccept(search: string, handled: ReadonlySet<string>): string | null {
  const token = inviteTokenFrom(search);
  return token && !handled.has(token) ? token : null;
}

const handledInvites = new Set<string>();

/** The tokens this tab has used; kept per page load, like the signed-in user. */
export function handledInviteTokens(): ReadonlySet<string> {
  return handledInvites;
}

export function markInviteHandled(token: string): void {
  handledInvites.add(token);
}
