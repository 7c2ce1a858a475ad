import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { taskOffers, validatePickedTasks } from './relateRules';

describe('relate task dialog', () => {
  it('offers tasks that already hold a request with a link to it', () => {
    const offers = taskOffers([
      { uuid: 't1', title: 'Free', request: null },
      { uuid: 't2', title: 'Taken', request: { uuid: 'r9', subject: 'Logo' } },
    ]);
    expect(offers[0]?.relatedTo).toBeNull();
    expect(offers[1]?.relatedTo).toEqual({ uuid: 'r9', subject: 'Logo' });
  });
  it("requires a task: 'This Field is required.'", () => {
    expect(validatePickedTasks([])).toBe(MESSAGES.requiredRelation);
    expect(validatePickedTasks(['t1'])).toBeNull();
  });
});
