/** The three notices the sign-in page shows, styled like antd's Alert (styles.css `.plain-alert`) without antd. */
type Tone = 'info' | 'success' | 'error';

// Each tone's glyph inside a filled circle, as antd's Alert shows with `showIcon`; decorative, the text says it all.
const GLYPHS: Record<Tone, string> = {
  info: 'M12 10.5v6M12 7.5v.01',
  success: 'M7.5 12.5l3 3 6-6.5',
  error: 'M12 7v6.5M12 16.5v.01',
};

export function PlainAlert({ tone, text, testId }: { tone: Tone; text: string; testId?: string }) {
  return (
    <div
      className={`plain-alert plain-alert-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <svg className="plain-alert-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d={GLYPHS[tone]} />
      </svg>
      <span>{text}</span>
    </div>
  );
}
