import { useMemo } from 'react';
import { type Ability, createAbility } from './ability';
import { useCurrentUser } from './queries';

/** The signed-in user's abilities, from the permissions the server sent. */
export function useAbility(): Ability {
  const user = useCurrentUser().data;
  return useMemo(() => createAbility(user), [user]);
}
