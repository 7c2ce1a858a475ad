import { describe, expect, it } from 'vitest';
import { addressBucket, knownDeviceKey } from './client-address';

describe('addressBucket', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const bucket = addressBucket('2001:db8:1:2::1');
    expect(bucket).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(bucket);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(bucket);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('passes through what is not an address', () => {
    expect(addressBucket('unknown')).toBe('unknown');
  });

  it('keys a known device by account and bucket', () => {
    expect(knownDeviceKey('a@b.test', '2001:db8::1')).toBe(knownDeviceKey('a@b.test', '2001:db8::2'));
  });
});
