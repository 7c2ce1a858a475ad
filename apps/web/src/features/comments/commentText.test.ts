import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentText } from './CommentText';

const render = (delta: unknown, text = '') => renderToStaticMarkup(createElement(CommentText, { delta, text }));

describe('CommentText', () => {
  it('draws formats, mentions and lists from the delta', () => {
    const html = render({
      ops: [
        { insert: 'Hi ' },
        { insert: { mention: { id: 'u1', value: 'Jamie', type: 'regular_user' } } },
        { insert: ', ' },
        { insert: 'see', attributes: { bold: true, link: 'https://example.com' } },
        { insert: '\nOne' },
        { insert: '\n', attributes: { list: 'bullet' } },
      ],
    });
    expect(html).toContain('<span class="comment-mention" data-type="regular_user">@Jamie</span>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('<ul><li>');
  });

  it('never turns script or javascript: into live markup', () => {
    const html = render({
      ops: [
        { insert: '<script>alert(1)</script>', attributes: { link: 'javascript:alert(1)' } },
        { insert: { image: 'https://evil.test/x.png' } },
        { insert: '\n' },
      ],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.test');
  });

  it('falls back to the plain text without a delta', () => {
    expect(render(null, 'Just text')).toContain('Just text');
  });
});
