import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ClientSeed,
  ForgotPasswordRequest,
  LoginRequest,
  PasswordChangeRequest,
  ProfileRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TopUpBody,
  TotpDisableRequest,
  TotpEnableRequest,
  plainMessage,
} from '@grail/contract';

/** The validator's own words, which a collector must never read. */
const VALIDATOR_WORDS =
  /Invalid input|expected \w+|received|Too (small|big)|Invalid (string|option)/;

/** Every field's first message for one submit, keyed by its path. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.') || '(form)'] ??= issue.message;
  return out;
}

// Each form of the site with an empty submit and a malformed one.
const FORMS: [string, z.ZodType, unknown][] = [
  ['login', LoginRequest, { email: 'casey@', password: 'x'.repeat(200) }],
  [
    'register',
    RegisterRequest,
    { email: 'nope', username: 'a b', password: 'short', acceptTerms: false },
  ],
  ['forgot password', ForgotPasswordRequest, { email: 'casey.example.com' }],
  ['reset password', ResetPasswordRequest, { token: 42, password: 'short' }],
  [
    'complete profile',
    ProfileRequest,
    {
      displayName: ' ',
      dateOfBirth: '12/04/1990',
      shippingAddress: {
        name: 'C',
        line1: '1 St',
        city: 'X',
        state: 'Oregon',
        postalCode: 'ABC',
        country: 'US',
      },
      acceptTerms: 'yes',
    },
  ],
  ['two-factor code', TotpEnableRequest, { code: '12ab' }],
  ['two-factor off', TotpDisableRequest, { password: '', code: '1' }],
  ['password change', PasswordChangeRequest, { currentPassword: 7, newPassword: 'short' }],
  ['top-up', TopUpBody, { amount: 'fifty' }],
];

describe('form messages in the product words', () => {
  it.each(FORMS)('the %s form says what is wrong, in plain words', (_name, schema, malformed) => {
    const empty = messages(schema, {});
    const bad = messages(schema, malformed);
    expect(Object.keys(empty).length).toBeGreaterThan(0);
    expect(Object.keys(bad).length).toBeGreaterThan(0);
    for (const message of [...Object.values(empty), ...Object.values(bad)]) {
      expect(message).not.toMatch(VALIDATOR_WORDS);
    }
  });

  it('says which field is missing and how a value is wrong', () => {
    expect(messages(LoginRequest, {})).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expect(messages(TopUpBody, { amount: 'fifty' })).toEqual({
      amount: 'must be a number of dollars',
    });
    expect(messages(ProfileRequest, { dateOfBirth: '' }).dateOfBirth).toBe(
      'Enter your date of birth',
    );
    expect(messages(ClientSeed, 'x'.repeat(500))['(form)']).not.toMatch(VALIDATOR_WORDS);
  });

  it('leaves a rule with its own message to say it', () => {
    expect(plainMessage({ code: 'custom', input: 1, path: [] } as never)).toBeUndefined();
  });
});
