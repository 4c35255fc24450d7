import { z } from 'zod';
import { ID_MAX } from '../constants';

/** One identifier's id in a request (a consumer's choices, a pin's targets). */
export const identifierIdSchema = z
  .number({ error: 'Identifier ids must be numbers' })
  .int()
  .positive()
  .max(ID_MAX, 'Unknown identifier');

export type Identifier = {
  id: number;
  name: string;
  category: string;
  description: string | null;
  icon: string | null;
};
