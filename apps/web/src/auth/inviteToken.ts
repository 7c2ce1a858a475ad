/** The invite token of a /register?invite= or /login?invite= address. */
export function inviteTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('invite')?.trim();
  return token ? token : null;
}
