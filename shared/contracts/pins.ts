import { contractGroup, defineContract } from '../contract';
import { idParam } from '../params';
import {
  businessDashboardStatsSchema,
  businessPinSchema,
  createPinSchema,
  extendPinSchema,
  pinListQuerySchema,
  topUpPinSchema,
} from '../schema/pins';

const tag = 'Pins';
const pinIdParam = idParam('Pin');

/** What a change to one pin answers: the pin as it is now. */
const pinAnswer = (description: string) =>
  ({ kind: 'json', status: 200, schema: businessPinSchema, description }) as const;

// Another business's pin answers like a missing one: its existence is not ours to reveal.
const notMine = 'No pin of that id is mine';
const ended = 'The pin has already ended (cancelled or expired)';

export const pinsContracts = contractGroup('pins', {
  create: defineContract({
    method: 'post',
    path: '/pins',
    summary: 'Drop a pin: gift cards consumers nearby can claim',
    tag,
    access: 'business',
    body: createPinSchema,
    // The cards' value leaves the business's funds for whoever claims them.
    stepUp: true,
    answer: { kind: 'json', status: 201, schema: businessPinSchema, description: 'The new pin' },
    errors: { 409: 'My funds do not cover value × quantity' },
  }),
  mine: defineContract({
    method: 'get',
    path: '/pins/mine',
    summary: 'My pins',
    tag,
    access: 'business',
    query: pinListQuerySchema,
    answer: { kind: 'page', item: businessPinSchema, description: 'One page of my pins' },
  }),
  cancel: defineContract({
    method: 'post',
    path: '/pins/:id/cancel',
    summary: 'Cancel a pin (what remains unclaimed goes back to my funds)',
    tag,
    access: 'business',
    params: pinIdParam,
    answer: pinAnswer('The pin, cancelled'),
    errors: { 404: notMine, 409: ended },
  }),
  pause: defineContract({
    method: 'post',
    path: '/pins/:id/pause',
    summary: 'Pause a pin: off the marketplace, its cards still reserved',
    tag,
    access: 'business',
    params: pinIdParam,
    answer: pinAnswer('The pin, paused'),
    errors: { 404: notMine, 409: 'The pin has ended, or is not active' },
  }),
  resume: defineContract({
    method: 'post',
    path: '/pins/:id/resume',
    summary: 'Resume a paused pin (sold out if it has no cards left)',
    tag,
    access: 'business',
    params: pinIdParam,
    answer: pinAnswer('The pin, resumed'),
    errors: { 404: notMine, 409: 'The pin has ended, or is not paused' },
  }),
  extend: defineContract({
    method: 'post',
    path: '/pins/:id/extend',
    summary: 'Push a pin’s expiry later, at most a year from today',
    tag,
    access: 'business',
    params: pinIdParam,
    body: extendPinSchema,
    // Keeping the cards claimable longer keeps the business's value on offer to strangers.
    stepUp: true,
    answer: pinAnswer('The pin, extended'),
    errors: { 404: notMine, 409: ended },
  }),
  topUp: defineContract({
    method: 'post',
    path: '/pins/:id/top-up',
    summary: 'Add cards to a pin, reserving their value from my funds',
    tag,
    access: 'business',
    params: pinIdParam,
    body: topUpPinSchema,
    // More of the business's funds are put on offer to whoever claims them.
    stepUp: true,
    answer: pinAnswer('The pin, with its new cards'),
    errors: {
      404: notMine,
      409: 'The pin has ended, or my funds do not cover the new cards',
    },
  }),
  dashboard: defineContract({
    method: 'get',
    path: '/business/dashboard',
    summary: "My business's statistics",
    tag,
    access: 'business',
    answer: {
      kind: 'json',
      status: 200,
      schema: businessDashboardStatsSchema,
      description: 'Active pins, their remaining value and my rank',
    },
  }),
});
