import { contractGroup, defineContract } from '../contract';
import {
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  profileSettingsSchema,
  profileSettingsUpdateSchema,
  SETTINGS_MESSAGES,
} from '../schema/profile-settings';
import { messageResultSchema } from '../schema/users';

const tag = 'Settings';

/** The signed-in user's own profile and sign-in e-mail, as the settings page edits them. */
export const settingsContracts = contractGroup('settings', {
  get: defineContract({
    method: 'get',
    path: '/user/settings',
    summary: 'My editable profile: name, username, picture and my account type’s details',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: profileSettingsSchema,
      description: 'The profile as the settings page edits it',
    },
  }),
  update: defineContract({
    method: 'patch',
    path: '/user/settings',
    summary:
      'Change my profile: only the fields sent (brands and identifiers replaced as sets; consumers’ and businesses’ own fields refused for the other type)',
    tag,
    access: 'signed-in',
    body: profileSettingsUpdateSchema,
    // The brands a business accepts are the cards it can take value from at its counter.
    stepUp: {
      when: ({ body }) => body.acceptedBrands !== undefined,
      description: 'when the body sets `acceptedBrands`',
    },
    answer: {
      kind: 'json',
      status: 200,
      schema: profileSettingsSchema,
      description: 'The profile as it now is',
    },
    errors: { 409: 'Another account has that username' },
  }),
  requestEmailChange: defineContract({
    method: 'post',
    path: '/user/email',
    summary:
      'Ask to change my sign-in e-mail: a confirmation link goes to the new address; nothing changes until it is followed',
    tag,
    access: 'signed-in',
    body: emailChangeRequestSchema,
    // Whoever controls the sign-in e-mail can reset the password and take the account.
    stepUp: true,
    answer: {
      kind: 'json',
      status: 202,
      schema: messageResultSchema,
      description:
        'The same answer whether or not the address is free (a taken one gets no letter)',
    },
    // Taken before the password is checked, so the limit also bounds guessing the password.
    rateLimits: [
      {
        name: 'email-change',
        per: 'account-and-address',
        setting: 'emailChangesPerHour',
        windowSeconds: 60 * 60,
        message: SETTINGS_MESSAGES.emailChangeRateLimited,
      },
    ],
  }),
  confirmEmailChange: defineContract({
    method: 'post',
    path: '/user/email/confirm',
    summary:
      'Follow the link of an e-mail change: the new address becomes the sign-in e-mail (no session needed: the token is the proof)',
    tag,
    access: 'public',
    body: emailChangeConfirmSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: messageResultSchema,
      description: 'The sign-in e-mail has changed',
    },
    errors: { 409: 'Another account has taken the new address since the link was sent' },
  }),
});
