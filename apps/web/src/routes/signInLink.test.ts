import { describe, expect, it } from 'vitest';
import { admin, clientContact } from '../test/users';
import { decideAccess, findRoute } from './access';
import { PAGES } from './pages';

describe('/sign-in-link (the e-mailed sign-in link)', () => {
  it('opens to anyone, signed in or not, on its own page outside the layout', () => {
    const route = findRoute('/sign-in-link');
    expect(route).toMatchObject({ access: 'open', page: 'signInLink' });
    for (const user of [null, admin, clientContact]) {
      expect(decideAccess(route ?? { access: 'signed-in', types: 'any' }, user)).toBe('allow');
    }
    expect(PAGES.signInLink).toBeDefined();
  });
});
