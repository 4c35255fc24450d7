import { type Resolver } from 'react-hook-form';
import { PIN_LIMITS } from '@shared/constants';
import { createPinSchema } from '@shared/schema/pins';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';

/**
 * The wizard's form. Selects and number inputs hold text while the user works; each step's
 * Continue reads them as numbers and checks that step's fields with the API's own schema.
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
  /** Days until the pin expires, as the select holds it. */
  expiresInDays: string;
  targetIdentifiers: number[];
  promotionMessage: string;
  showBusinessInfo: boolean;
};

export type PinWizardField = keyof PinWizardValues;

export const PIN_WIZARD_DEFAULTS: PinWizardValues = {
  brand: '',
  state: '',
  city: '',
  locationId: '',
  value: String(PIN_LIMITS.defaultValue),
  quantity: String(PIN_LIMITS.defaultQuantity),
  radius: String(PIN_LIMITS.defaultRadius),
  expiresInDays: String(PIN_LIMITS.expiryDays),
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

/** The fields the form holds as text and the API takes as numbers. */
const NUMBER_FIELDS = ['locationId', 'value', 'quantity', 'radius', 'expiresInDays'] as const;

/**
 * What each step's Continue checks: its part of the API's schema, so the wizard and the server
 * apply the same rules. State and city only lead to the store, so the store carries their message.
 */
const STEP_SCHEMAS = [
  createPinSchema.pick({ brand: true, locationId: true }),
  createPinSchema.pick({ value: true, quantity: true, radius: true, expiresInDays: true }),
  createPinSchema.pick({ targetIdentifiers: true }),
  createPinSchema.pick({ promotionMessage: true }),
  createPinSchema.pick({ showBusinessInfo: true }),
];

/** Each step's fields, in the order they are shown (the first invalid one takes the focus). */
export const PIN_WIZARD_STEP_FIELDS: ReadonlyArray<readonly PinWizardField[]> = [
  ['brand', 'state', 'city', 'locationId'],
  ['value', 'quantity', 'radius', 'expiresInDays'],
  ['targetIdentifiers'],
  ['promotionMessage'],
  ['showBusinessInfo'],
];

/** The step (1-based) that shows a field. */
export function stepOfField(field: PinWizardField): number {
  return PIN_WIZARD_STEP_FIELDS.findIndex((fields) => fields.includes(field)) + 1;
}

export type PinWizardContext = { step: number };

const stepResolvers = STEP_SCHEMAS.map((schema) =>
  numberFieldsResolver<PinWizardValues, typeof schema>(schema, NUMBER_FIELDS),
);

/** Checks only the fields of the step the wizard is on (given as the form's context). */
export const pinWizardResolver: Resolver<PinWizardValues, PinWizardContext> = (
  values,
  context,
  options,
) => {
  const resolve = stepResolvers[(context?.step ?? 1) - 1] ?? stepResolvers[0]!;
  return resolve(values, context, options) as ReturnType<
    Resolver<PinWizardValues, PinWizardContext>
  >;
};
