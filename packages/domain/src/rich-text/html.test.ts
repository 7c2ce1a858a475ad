import { describe, expect, it } from 'vitest';
import { slugify } from '../contracts/posts';
import { richTextToHtml, richTextToPlain } from './html';

describe('richTextToHtml', () => {
  it('escapes text and writes only allow-listed tags', () => {
    const html = richTextToHtml({
      ops: [
        { insert: '<img src=x onerror=alert(1)> & "quotes"' },
        { insert: ' link', attributes: { link: 'https://example.com/?a="b"&c' } },
        { insert: '\n' },
      ],
    });
    expect(html).toBe(
      '<p>&#60;img src=x onerror=alert(1)&#62; &#38; &#34;quotes&#34;<a href="https://example.com/?a=&#34;b&#34;&#38;c" rel="noopener noreferrer nofollow"> link</a></p>',
    );
  });

  it('drops javascript: links, unknown formats, foreign images and unknown embeds, keeping the text', () => {
    const html = richTextToHtml({
      ops: [
        { insert: 'click', attributes: { link: 'javascript:alert(1)', style: 'x', bold: true } },
        { insert: { image: 'https://evil.example/a.png' } },
        { insert: { video: 'https://evil.example/v' } },
        { insert: '\n' },
      ],
    });
    expect(html).toBe('<p><strong>click</strong></p>');
  });

  it('groups list lines and makes our upload images absolute', () => {
    const html = richTextToHtml(
      {
        ops: [
          { insert: 'One' },
          { insert: '\n', attributes: { list: 'ordered' } },
          { insert: 'Two' },
          { insert: '\n', attributes: { list: 'ordered' } },
          { insert: { image: '/api/uploads/0b6a4c1e-8f1d-4a55-9c1e-6f0f7d1b2a3c' } },
          { insert: '\n' },
        ],
      },
      { baseUrl: 'https://portal.example' },
    );
    expect(html).toBe(
      '<ol><li>One</li><li>Two</li></ol><p><img src="https://portal.example/api/uploads/0b6a4c1e-8f1d-4a55-9c1e-6f0f7d1b2a3c" alt=""></p>',
    );
  });

  it('answers nothing for what is not a document', () => {
    expect(richTextToHtml('<script>')).toBe('');
    expect(richTextToPlain({ ops: [{ insert: 'a\n\nb ' }] })).toBe('a b');
  });
});

describe('slugify', () => {
  it('folds accents and joins words with single hyphens', () => {
    expect(slugify('  Café Zoë: Spring — Menu!! ')).toBe('cafe-zoe-spring-menu');
    expect(slugify('***')).toBe('post');
  });
});
