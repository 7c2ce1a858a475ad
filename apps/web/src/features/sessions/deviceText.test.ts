import { describe, expect, it } from 'vitest';
import { deviceName } from './deviceText';

describe('device names', () => {
  it('names browser and OS together, either alone, or says the device is unknown', () => {
    expect(deviceName({ browser: 'Chrome 131', os: 'macOS 10.15' })).toBe('Chrome 131 on macOS 10.15');
    expect(deviceName({ browser: null, os: 'Android 14' })).toBe('Android 14');
    expect(deviceName({ browser: null, os: null })).toBe('Unknown device');
  });
});
