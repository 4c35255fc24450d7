import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['  555.123.4567  ', '+15551234567'],
    ['555 123 4567 ext', '+15551234567'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['  +15551234567 ', '+15551234567'],
    ['15551234567', '+115551234567'],
    ['', '+1'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['+15551234567', true],
    ['+44 20 7946 0958', true],
    ['+1', false],
    ['+1555', false],
    ['+1234567890123456', false],
    ['+1 555 CALL NOW', false],
  ])('%j is valid: %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected);
  });
});
