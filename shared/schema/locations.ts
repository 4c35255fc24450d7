import { z } from 'zod';
import { LIMITS } from '../constants';
import { US_STATES } from '../us-states';

/** A state ({value: 'CA', label: 'California'}) or a city (value and label alike) of the cascade. */
export const locationOptionSchema = z
  .object({ value: z.string(), label: z.string() })
  .describe('A state or city to choose: the value to send and the label to show');
export type LocationOption = z.infer<typeof locationOptionSchema>;

/** A brand's store in a city, labelled "name — street"; the value is the pin's locationId. */
export const storeOptionSchema = z
  .object({
    value: z.number().int().describe("The store's id: a pin's locationId"),
    label: z.string().describe('"name — street"'),
    details: z.object({ coordinates: z.object({ lat: z.number(), lng: z.number() }) }),
  })
  .describe('A store to choose for a pin, with where it is');
export type StoreOption = z.infer<typeof storeOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Query schemas of the cascade: brand → state → city → store
// ---------------------------------------------------------------------------------------------

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(LIMITS.locationNameMax, `${name} is too long`);

const stateCode = z
  .string({ error: 'state is required' })
  .trim()
  .min(1, 'state is required')
  .transform((value) => value.toUpperCase())
  .refine((value) => Object.hasOwn(US_STATES, value), 'state must be a US state code such as CA');

const brandField = required('brand').describe('The brand whose stores to look in');
const stateField = stateCode.describe('A US state code, such as CA');
const cityField = required('city').describe('A city of that state, as the cities list names it');

export const statesQuerySchema = z.object({ brand: brandField });
export const citiesQuerySchema = z.object({ brand: brandField, state: stateField });
export const storesQuerySchema = z.object({
  brand: brandField,
  state: stateField,
  city: cityField,
});
