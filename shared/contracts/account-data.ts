import { contractGroup, defineContract } from '../contract';
import {
  ACCOUNT_DATA_MESSAGES,
  accountExportSchema,
  deleteAccountSchema,
} from '../schema/account-data';

const tag = 'Accounts';

/** A person's own data: the download of all of it, and the deletion of the account. */
export const accountDataContracts = contractGroup('accountData', {
  export: defineContract({
    method: 'get',
    path: '/user/export',
    summary: 'Download my data (a JSON file)',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: accountExportSchema,
      description: 'Everything kept about the signed-in user, as an attachment',
    },
  }),
  remove: defineContract({
    method: 'post',
    path: '/user/delete',
    summary: 'Delete my account (the password typed again)',
    tag,
    access: 'signed-in',
    body: deleteAccountSchema,
    stepUp: true,
    answer: {
      kind: 'empty',
      description: 'The account is deleted and every one of its sessions signed out',
    },
    errors: {
      409: 'The account still holds money: a balance to withdraw, or funds reserved by its pins',
    },
    // Wrong passwords count as failed sign-ins per account do: a wrong one (400) keeps its slot,
    // the right one gives it back, since only wrong guesses are being counted.
    rateLimits: [
      {
        name: 'delete-account',
        per: 'account',
        setting: 'loginPerAccount',
        windowSeconds: 15 * 60,
        message: ACCOUNT_DATA_MESSAGES.tooManyAttempts,
        keepOn: [400, 401, 500],
      },
    ],
  }),
});
