import type { WizardStep } from '@portal/domain';
import { deviceKeySchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { answerErrorsOf, DEVICE_KEY_STORAGE, deviceKey, firstStepWithMessage, messagesFor } from './publicForm';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('public form page rules', () => {
  it('makes a device key the API accepts once, then keeps returning it', () => {
    const storage = memoryStorage();
    const first = deviceKey(storage);
    expect(deviceKeySchema.safeParse(first).success).toBe(true);
    expect(deviceKey(storage)).toBe(first);
    expect(storage.data.get(DEVICE_KEY_STORAGE)).toBe(first);
  });

  it('replaces a stored key the API would refuse', () => {
    const storage = memoryStorage({ [DEVICE_KEY_STORAGE]: 'short' });
    expect(deviceKey(storage)).not.toBe('short');
  });

  it('still answers a key when storage refuses to be used', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(deviceKeySchema.safeParse(deviceKey(refusing)).success).toBe(true);
  });

  it('puts values.<question> messages at their question and keeps the rest for a general message', () => {
    const mapped = answerErrorsOf(
      { 'values.email': ['Please enter a valid e-mail'], 'values.ghost': ['x'], values: ['Too large'] },
      new Set(['email']),
    );
    expect(mapped.byQuestion).toEqual({ email: 'Please enter a valid e-mail' });
    expect(mapped.other).toEqual(['x', 'Too large']);
  });

  it('finds the first step with a message and narrows messages to one step', () => {
    const steps = [
      { index: 0, title: 'About you', questions: [{ name: 'name', label: 'Name', type: 'input' }] },
      { index: 1, title: 'Project', questions: [{ name: 'budget', label: 'Budget', type: 'input' }] },
    ] as WizardStep[];
    expect(firstStepWithMessage(steps, { budget: 'Required' })).toBe(1);
    expect(firstStepWithMessage(steps, {})).toBeNull();
    expect(messagesFor({ name: 'a', budget: 'b' }, ['budget'])).toEqual({ budget: 'b' });
  });
});
