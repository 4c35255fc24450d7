import { z } from 'zod';
import { US_STATES } from '../us-states';

export type LocationOption = { value: string; label: string };
export type StoreOption = {
  value: number;
  label: string;
  details: { coordinates: { lat: number; lng: number } };
};

// ---------------------------------------------------------------------------------------------
// Query schemas of the cascade: brand → state → city → store
// ---------------------------------------------------------------------------------------------

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

const stateCode = z
  .string({ error: 'state is required' })
  .trim()
  .min(1, 'state is required')
  .transform((value) => value.toUpperCase())
  .refine((value) => Object.hasOwn(US_STATES, value), 'state must be a US state code such as CA');

export const statesQuerySchema = z.object({ brand: required('brand') });
export const citiesQuerySchema = z.object({ brand: required('brand'), state: stateCode });
export const storesQuerySchema = z.object({
  brand: required('brand'),
  state: stateCode,
  city: required('city'),
});
