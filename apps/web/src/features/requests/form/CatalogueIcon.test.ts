import { describe, expect, it } from 'vitest';
import { CATALOGUE_ICON_NAMES } from './CatalogueIcon';

describe('catalogue icons', () => {
  it('offers every icon the catalogue may name, in alphabetical order, each one a component', async () => {
    const icons: Record<string, unknown> = await import('./catalogueIcons');
    expect(CATALOGUE_ICON_NAMES).toHaveLength(68);
    expect(CATALOGUE_ICON_NAMES).toEqual([...CATALOGUE_ICON_NAMES].sort());
    expect(CATALOGUE_ICON_NAMES).toEqual(expect.arrayContaining(['AimOutlined', 'RocketOutlined', 'YoutubeOutlined']));
    for (const name of CATALOGUE_ICON_NAMES) {
      expect(icons[name], name).toBeTruthy();
    }
  });
});
