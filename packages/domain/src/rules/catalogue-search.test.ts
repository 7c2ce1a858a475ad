import { describe, expect, it } from 'vitest';
import { matchesCatalogueSearch, typoDistance } from './catalogue-search';

const email = { name: 'Email Design', tags: ['Design', 'Email'], description: 'A newsletter layout' };
const hyphen = { name: 'E-mail Campaign', tags: [] };
const video = { name: 'Video Production', tags: ['Video'] };

describe('catalogue search', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(typoDistance('emial', 'email')).toBe(1);
    expect(typoDistance('email', 'email')).toBe(0);
    expect(typoDistance('emial', 'video')).toBeGreaterThan(2);
  });

  it('finds the e-mail services for a misspelt "emial", whether written Email or E-mail', () => {
    expect(matchesCatalogueSearch(email, 'emial')).toBe(true);
    expect(matchesCatalogueSearch(hyphen, 'emial')).toBe(true);
    expect(matchesCatalogueSearch(video, 'emial')).toBe(false);
  });

  it('matches prefixes, every typed word, tags and the description as written', () => {
    expect(matchesCatalogueSearch(email, 'ema des')).toBe(true);
    expect(matchesCatalogueSearch(video, 'vidoe prod')).toBe(true);
    expect(matchesCatalogueSearch(video, 'video design')).toBe(false);
    expect(matchesCatalogueSearch(email, 'newsletter')).toBe(true);
    expect(matchesCatalogueSearch(email, '  ')).toBe(true);
  });

  it('tolerates no typo in short words, which would match almost anything', () => {
    expect(matchesCatalogueSearch(video, 'vdi')).toBe(false);
    expect(matchesCatalogueSearch({ name: 'Ad Management', tags: [] }, 'da')).toBe(false);
  });
});
