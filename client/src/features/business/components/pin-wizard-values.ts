import { PIN_LIMITS } from '@shared/constants';

/**
 * The wizard's form. Selects and number inputs hold text while the user works; the payload turns
 * them into numbers on submit. Nothing is validated between steps: the server checks
 * the whole pin and its message comes back in the error toast.
 */
export type PinWizardValues = {
  brand: string;
  state: string;
  city: string;
  /** The store's id as the select holds it. */
  locationId: string;
  value: string;
  quantity: string;
  radius: string;
  targetIdentifiers: number[];
  promotionMessage: string;
  showBusinessInfo: boolean;
};

export const PIN_WIZARD_DEFAULTS: PinWizardValues = {
  brand: '',
  state: '',
  city: '',
  locationId: '',
  value: String(PIN_LIMITS.defaultValue),
  quantity: String(PIN_LIMITS.defaultQuantity),
  radius: String(PIN_LIMITS.defaultRadius),
  targetIdentifiers: [],
  promotionMessage: '',
  showBusinessInfo: true,
};

export const PIN_WIZARD_STEPS = [
  'Location Selection',
  'Pin Details',
  'Target Audience',
  'Message',
  'Business Info Display',
] as const;
