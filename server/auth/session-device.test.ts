import { describe, expect, it } from 'vitest';
import { describeDevice, UNKNOWN_DEVICE } from './session-device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Firefox on Windows',
    ],
  ])('names %s as %s', (userAgent, device) => {
    expect(describeDevice(userAgent)).toBe(device);
  });

  it('falls back when the header is missing or names no browser', () => {
    expect(describeDevice(undefined)).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('  ')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('curl/8.0')).toBe(UNKNOWN_DEVICE);
  });

  it('keeps a forged header from growing the session', () => {
    expect(describeDevice(`Mozilla/5.0 ${'x'.repeat(10_000)}`).length).toBeLessThanOrEqual(80);
  });
});
