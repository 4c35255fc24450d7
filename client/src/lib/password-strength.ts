import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * How hard a password is to guess, 0 (among the first thousand guesses) to 4 (beyond 10^10), as
 * zxcvbn estimates it from common passwords, keyboard patterns, dates, repeats and the person's
 * own details. The meter is a guide and the server decides (against a list nine times longer), so
 * the English word and name dictionaries, which would more than double what a phone downloads,
 * are left out. Even so this module is only ever imported dynamically (`PasswordStrengthMeter`),
 * so no page's first script carries it.
 */
const zxcvbn = new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary });

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export function passwordScore(password: string, userInputs: readonly string[] = []): PasswordScore {
  return zxcvbn.check(password, [...userInputs]).score as PasswordScore;
}
