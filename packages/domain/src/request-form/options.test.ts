import { describe, expect, it } from 'vitest';
import { toggleOption, toggleRadio } from './options';
import type { Question } from './question';

const platforms: Question = {
  name: 'platforms',
  label: 'Platforms',
  type: 'checkbox',
  max: 2,
  options: [
    { label: 'Instagram', value: 'instagram' },
    { label: 'Facebook', value: 'facebook' },
    { label: 'TikTok', value: 'tiktok' },
    { label: 'Not sure', value: 'not_sure', unique: true },
  ],
};

describe('toggling options', () => {
  it('adds and removes an option', () => {
    expect(toggleOption(platforms, [], 'instagram')).toEqual(['instagram']);
    expect(toggleOption(platforms, ['instagram'], 'instagram')).toEqual([]);
  });

  it('a unique option clears the others', () => {
    expect(toggleOption(platforms, ['instagram', 'facebook'], 'not_sure')).toEqual(['not_sure']);
  });

  it('another option clears the unique one', () => {
    expect(toggleOption(platforms, ['not_sure'], 'tiktok')).toEqual(['tiktok']);
  });

  it('refuses a selection beyond max', () => {
    expect(toggleOption(platforms, ['instagram', 'facebook'], 'tiktok')).toEqual(['instagram', 'facebook']);
  });

  it('ignores values that are not options', () => {
    expect(toggleOption(platforms, ['instagram'], 'myspace')).toEqual(['instagram']);
  });

  it('clicking the selected radio option clears it', () => {
    expect(toggleRadio('a', 'a')).toBeNull();
    expect(toggleRadio('a', 'b')).toBe('b');
    expect(toggleRadio(null, 'b')).toBe('b');
  });
});
