import { type Response } from 'express';

/**
 * An answer already serialised as JSON (by Postgres), sent as it is: a large answer then costs no
 * JSON.parse when it is read and no JSON.stringify when it is sent (the feed's measured gain is in
 * docs/performance.md).
 * The type parameter is the shape the text holds.
 */
export type JsonText<Shape> = string & { readonly __jsonShape?: Shape };

export const asJsonText = <Shape>(text: string) => text as JsonText<Shape>;

/** The value the text holds, for callers inside the server (tests, other services). */
export const parseJsonText = <Shape>(text: JsonText<Shape>): Shape => JSON.parse(text) as Shape;

export function sendJsonText(response: Response, text: JsonText<unknown>): void {
  response.type('json').send(text);
}
