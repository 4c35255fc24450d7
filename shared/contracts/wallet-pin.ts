import { contractGroup, defineContract } from '../contract';
import { walletPinSetSchema, walletPinStatusSchema } from '../schema/wallet-pin';

// Listed with the other settings: the PIN is set on the Settings page.
const tag = 'Settings';

const pinStatus = (description: string) => ({
  kind: 'json' as const,
  status: 200 as const,
  schema: walletPinStatusSchema,
  description,
});

/**
 * The wallet PIN: six digits that prove who a consumer is before a card is used at a counter (as
 * payment apps ask for theirs), instead of the password. Consumers only: they hold the cards.
 */
export const walletPinContracts = contractGroup('walletPin', {
  status: defineContract({
    method: 'get',
    path: '/user/wallet-pin',
    summary: 'Whether I have a wallet PIN, and whether wrong tries have locked it',
    tag,
    access: 'consumer',
    answer: pinStatus('Set or not, locked or not (never the PIN)'),
  }),
  set: defineContract({
    method: 'put',
    path: '/user/wallet-pin',
    summary: 'Set or change my wallet PIN (6 digits, not easily guessed)',
    tag,
    access: 'consumer',
    body: walletPinSetSchema,
    // Whoever sets the PIN can then show the counter code with it.
    stepUp: true,
    answer: pinStatus('The PIN is set and unlocked'),
  }),
  remove: defineContract({
    method: 'delete',
    path: '/user/wallet-pin',
    summary: 'Remove my wallet PIN: the password (or a code) is asked instead',
    tag,
    access: 'consumer',
    stepUp: true,
    answer: pinStatus('No PIN is set'),
  }),
});
