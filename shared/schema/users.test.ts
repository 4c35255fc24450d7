import { describe, expect, it } from 'vitest';
import {
  businessRegistrationSchema,
  consumerDetailsSchema,
  consumerRegistrationSchema,
  loginSchema,
  registrationSchema,
} from './users';

const details = {
  email: 'ava@example.com',
  phoneNumber: '(555) 123-4567',
  username: 'ava_t',
  password: 'secret1',
  name: 'Ava',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('consumer details (registration step 1)', () => {
  it('accepts valid details and trims them', () => {
    const parsed = consumerDetailsSchema.parse({
      ...details,
      email: ' ava@example.com ',
      username: ' ava_t ',
    });
    expect(parsed.email).toBe('ava@example.com');
    expect(parsed.username).toBe('ava_t');
  });

  it.each([
    ['email', 'nope', 'Valid email is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['name', '', 'Name is required'],
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['phoneNumber', '1234', 'Phone number is required'],
  ])('gives the spec message for a bad %s', (field, value, message) => {
    const result = consumerDetailsSchema.safeParse({ ...details, [field]: value });
    expect(result.success).toBe(false);
    expect(messages(result)[field]).toBe(message);
  });
});

describe('consumer registration', () => {
  const valid = { ...details, type: 'consumer', brands: ['starbucks'], identifiers: [1] };

  it('needs at least one brand', () => {
    expect(messages(consumerRegistrationSchema.safeParse({ ...valid, brands: [] })).brands).toBe(
      'Please select at least one brand',
    );
  });

  it('needs a phone number that normalises to a valid one', () => {
    expect(
      messages(consumerRegistrationSchema.safeParse({ ...valid, phoneNumber: 'no digits here' }))
        .phone,
    ).toBe('Valid phone number is required');
  });

  it('defaults identifiers to none', () => {
    const { identifiers: _ignored, ...withoutIdentifiers } = valid;
    expect(consumerRegistrationSchema.parse(withoutIdentifiers).identifiers).toEqual([]);
  });
});

describe('business registration', () => {
  it('uses the business name message', () => {
    const result = businessRegistrationSchema.safeParse({
      type: 'business',
      email: 'b@example.com',
      username: 'biz',
      password: 'secret1',
      name: ' ',
    });
    expect(messages(result).name).toBe('Business name is required');
  });

  it('is chosen by type in the registration union', () => {
    const parsed = registrationSchema.parse({
      type: 'business',
      email: 'b@example.com',
      username: 'biz',
      password: 'secret1',
      name: 'Biz',
    });
    expect(parsed.type).toBe('business');
    expect(
      registrationSchema.safeParse({ ...details, type: 'admin' }).error?.issues[0]?.message,
    ).toBe('Account type must be consumer or business');
  });
});

describe('login', () => {
  it('trims the identifier and requires both fields', () => {
    expect(loginSchema.parse({ identifier: '  Ava_T ', password: 'x' }).identifier).toBe('Ava_T');
    expect(messages(loginSchema.safeParse({ identifier: ' ', password: '' }))).toEqual({
      identifier: 'Email or username is required',
      password: 'Password is required',
    });
  });
});
