import { describe, expect, it } from 'vitest';
import { admin, clientContact } from '../test/users';
import { decideAccess, findRoute } from './access';
import { PAGES } from './pages';

describe('/sign-in/sso (where single sign-on hands the browser back)', () => {
  it('opens to anyone, signed in or not, on its own page outside the layout', () => {
    const route = findRoute('/sign-in/sso');
    expect(route).toMatchObject({ access: 'open', page: 'ssoSignIn' });
    for (const user of [null, admin, clientContact]) {
      expect(decideAccess(route ?? { access: 'signed-in', types: 'any' }, user)).toBe('allow');
    }
    expect(PAGES.ssoSignIn).toBeDefined();
  });
});
