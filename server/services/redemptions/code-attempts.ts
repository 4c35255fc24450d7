/**
 * Codes that match no card, per business in a window, before its lookups are refused until the
 * window ends; a client address gets ADDRESS_ALLOWANCE_FACTOR times as many (several businesses
 * may share one). A cashier's typos stay far below this; a guesser, with about a thousand live
 * codes among 2^40, would need a billion tries per hit. The limit is the redemption contracts'
 * `codeMissRateLimit`: only a code that matches no card (404) keeps its slot.
 */
export const CODE_MISSES_PER_BUSINESS = 20;
