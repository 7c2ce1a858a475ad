import { describe, expect, it } from 'vitest';
import { initialsOf, presentPeople, textColorOn } from './presence';

describe('who is in the document', () => {
  it('lists the others once each, by name, from the awareness states', () => {
    const states = new Map<number, unknown>([
      [1, { user: { uuid: 'me', name: 'Alex Morgan', color: '#111' } }],
      [2, { user: { uuid: 'sam', name: 'Sam Taylor', color: '#222' } }],
      [3, { user: { uuid: 'jamie', name: 'Jamie Rivera', color: '#333' } }],
      // Sam's second tab, and my own second tab.
      [4, { user: { uuid: 'sam', name: 'Sam Taylor', color: '#222' } }],
      [5, { user: { uuid: 'me', name: 'Alex Morgan', color: '#111' } }],
      // Still connecting: no user yet.
      [6, {}],
    ]);
    expect(presentPeople(states, 1, 'me')).toEqual([
      { uuid: 'jamie', name: 'Jamie Rivera', color: '#333' },
      { uuid: 'sam', name: 'Sam Taylor', color: '#222' },
    ]);
    expect(presentPeople(new Map([[1, { user: { uuid: 'me', name: 'Alex' } }]]), 1, 'me')).toEqual([]);
  });

  it('shows up to two initials', () => {
    expect(initialsOf('Jamie Rivera')).toBe('JR');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Anna Maria de la Cruz')).toBe('AC');
  });
});

it('writes initials in black or white, whichever reads better on the colour', () => {
  expect(textColorOn('#faad14')).toBe('#000');
  expect(textColorOn('#1677ff')).toBe('#000');
  expect(textColorOn('#722ed1')).toBe('#fff');
});
