import { describe, expect, it } from 'vitest';
import { decideAccess, findRoute } from '../../../routes/access';
import { admin, freelancer } from '../../../test/users';

function route(path: string) {
  const found = findRoute(path);
  if (!found) {
    throw new Error(`no route for ${path}`);
  }
  return found;
}

describe('request form routes', () => {
  it("opens the form for /requests/new rather than taking 'new' for a request uuid", () => {
    expect(route('/requests/new').page).toBe('requestNew');
    expect(route('/requests/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001').page).toBe('request');
    expect(route('/requests/6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001/duplicate').page).toBe('requestDuplicate');
  });

  it('lets staff create and duplicate requests, and not freelancers', () => {
    for (const path of ['/requests/new', '/requests/x/duplicate']) {
      expect(decideAccess(route(path), admin), path).toBe('allow');
      expect(decideAccess(route(path), freelancer), path).toBe('forbidden');
    }
  });
});
