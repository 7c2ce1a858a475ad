import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { emailLogView } from './email-log-view';

const message = { html: '<p>Hi</p>', body_hidden: false, redacted: false, status: 'sent' as const };

describe('emailLogView', () => {
  it('shows the rendered HTML or the text as picked, the text when there is no HTML', () => {
    expect(emailLogView(message, 'html').body).toBe('html');
    expect(emailLogView(message, 'text').body).toBe('text');
    expect(emailLogView({ ...message, html: null }, 'html').body).toBe('text');
  });

  it('shows a hidden body as hidden, not as an empty message, whatever view was picked', () => {
    const hidden = { ...message, html: null, body_hidden: true };
    expect(emailLogView(hidden, 'html').body).toBe('hidden');
    expect(emailLogView(hidden, 'text').body).toBe('hidden');
  });

  it('offers Resend for a failed message only when its links were not redacted, and says why not', () => {
    expect(emailLogView({ ...message, status: 'failed' }, 'html')).toMatchObject({
      canResend: true,
      redactionNotice: null,
    });
    expect(emailLogView({ ...message, status: 'failed', redacted: true }, 'html')).toMatchObject({
      canResend: false,
      redactionNotice: MESSAGES.emailRedactedNoResend,
    });
    expect(emailLogView({ ...message, redacted: true }, 'html')).toMatchObject({
      canResend: false,
      redactionNotice: MESSAGES.emailLinksRedacted,
    });
  });
});
