import { describe, expect, it } from 'vitest';
import { bugReportLink } from './bugReport';

const report = { description: 'The save button is grey', page: '/tasks', reporter: 'a@demo.test', version: '1.0.53' };

describe('bug report link', () => {
  it('mails the configured address with subject and body', () => {
    const link = bugReportLink('mailto:bugs@agency.test', report);
    expect(link.startsWith('mailto:bugs@agency.test?subject=Agency%20Portal%20bug%20report&body=')).toBe(true);
    expect(decodeURIComponent(link.split('body=')[1] ?? '')).toContain('The save button is grey\n\nPage: /tasks');
  });

  it('opens a configured web form with the description', () => {
    const url = new URL(bugReportLink('https://bugs.agency.test/new', report));
    expect(url.origin + url.pathname).toBe('https://bugs.agency.test/new');
    expect(url.searchParams.get('description')).toContain('Reporter: a@demo.test');
  });

  it('falls back to an unaddressed e-mail without a configured target', () => {
    expect(bugReportLink(null, report).startsWith('mailto:?subject=')).toBe(true);
  });
});
