import { describe, expect, it } from 'vitest';
import { SPRITE_ICONS } from '../src/components/SpriteIcon/spriteIcons';
import { buildSprite } from './icon-sprite';

describe('buildSprite', () => {
  it('draws every listed icon as a symbol with its viewBox and paths', () => {
    const sprite = buildSprite();
    for (const name of SPRITE_ICONS) {
      expect(sprite).toMatch(new RegExp(`<symbol id="${name}" [^>]*viewBox="[\\d. ]+"[^>]*><path d="M`));
    }
    expect(sprite).not.toContain('focusable');
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
  });

  it('refuses a name that is not a one-colour antd icon, so a typo fails the build', () => {
    expect(() => buildSprite(['NoSuchOutlined'])).toThrow(/NoSuchOutlined/);
    expect(() => buildSprite(['CheckCircleTwoTone'])).toThrow(/CheckCircleTwoTone/);
  });
});
