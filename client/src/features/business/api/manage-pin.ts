import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pinsContracts } from '@shared/contracts/pins';
import { type BusinessPin, type ExtendPinInput, type TopUpPinInput } from '@shared/schema/pins';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { invalidatePinData } from './invalidate-pin-data';

/** Takes an active pin off the marketplace for a while; its cards stay reserved. */
export const pausePin = (pinId: number) => call(pinsContracts.pause, { params: { id: pinId } });

/** Puts a paused pin back on offer. */
export const resumePin = (pinId: number) => call(pinsContracts.resume, { params: { id: pinId } });

/** Pushes a pin's expiry `days` later. */
export const extendPin = ({ pinId, ...body }: ExtendPinInput & { pinId: number }) =>
  call(pinsContracts.extend, { params: { id: pinId }, body });

/** Adds cards to a pin, reserving their value from the wallet. */
export const topUpPin = ({ pinId, ...body }: TopUpPinInput & { pinId: number }) =>
  call(pinsContracts.topUp, { params: { id: pinId }, body });

/**
 * One mutation per change: each answers the updated pin, and the pins, the stats and the wallet
 * are read again (a top-up moves money; a pause changes what counts as active).
 */
function usePinChange<Variables>(
  mutationFn: (variables: Variables) => Promise<BusinessPin>,
  mutationConfig: MutationConfig<(variables: Variables) => Promise<BusinessPin>> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig;
  return useMutation({
    ...restConfig,
    mutationFn,
    onSuccess: (...args) => {
      void invalidatePinData(queryClient);
      return onSuccess?.(...args);
    },
  });
}

type Options<Fn extends (...args: never[]) => Promise<unknown>> = {
  mutationConfig?: MutationConfig<Fn>;
};

export const usePausePin = ({ mutationConfig }: Options<typeof pausePin> = {}) =>
  usePinChange(pausePin, mutationConfig);
export const useResumePin = ({ mutationConfig }: Options<typeof resumePin> = {}) =>
  usePinChange(resumePin, mutationConfig);
export const useExtendPin = ({ mutationConfig }: Options<typeof extendPin> = {}) =>
  usePinChange(extendPin, mutationConfig);
export const useTopUpPin = ({ mutationConfig }: Options<typeof topUpPin> = {}) =>
  usePinChange(topUpPin, mutationConfig);
