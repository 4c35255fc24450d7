import { contractGroup, defineContract } from '../contract';
import { accountExportSchema, deleteAccountSchema } from '../schema/account-data';

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
      429: 'Too many tries for this account within 15 minutes',
    },
  }),
});
