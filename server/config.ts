import { z } from 'zod';
import { CODE_MISSES_PER_BUSINESS } from './services/redemptions/code-attempts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./.data'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  DEMO: booleanFlag.default(true),
  /** Express `trust proxy`: hop count or a list of addresses; unset trusts no proxy. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** scrypt's cost as a power of two (N = 2^cost) for new password hashes. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_ANY_ADDRESS: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_CLAIMS_PER_ADDRESS_PER_DAY: z.coerce.number().int().positive().default(20),
  /** How long a proof of who you are (password, code or wallet PIN) lets value move, in seconds. */
  STEP_UP_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(900),
  RATE_LIMIT_LOGIN_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_GUEST_GIFTS_PER_HOUR: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CARD_TOKENS_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_CARD_SAVES_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_SHARES_PER_HOUR: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_RESET_LINK_MISSES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_EMAIL_CHANGES_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Where mail goes (smtp:// or smtps://); unset, the app catches it on a local SMTP server. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('mark.it <no-reply@markit.local>'),
  /** The address people open the app at, for links in e-mail; unset, http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Raster map tiles ({z}/{x}/{y}, optionally {s}); unset, maps draw the bundled US outline. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'an https URL with {z}, {x} and {y}')
    .optional(),
  /** The tiles' attribution, shown on every map; required with MAP_TILE_URL. */
  MAP_ATTRIBUTION: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  demo: boolean;
  trustProxy: string | number | boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** scrypt's N for new password hashes is 2 to this power. */
  passwordHashCost: number;
  rateLimits: RateLimitConfig;
  /** How long a proof of who you are lets value move without asking again, in seconds. */
  stepUpMaxAgeSeconds: number;
  mail: MailConfig;
  /** The app's address as people open it, without a trailing slash (links in e-mail). */
  publicUrl: string;
  map: MapTileConfig;
};

/** Real map tiles, or nulls for the bundled basemap. */
export type MapTileConfig = { tileUrl: string | null; attribution: string | null };

export type MailConfig = {
  /** An SMTP server to send through; undefined starts the local catcher (DATA_DIR/mail). */
  smtpUrl: string | undefined;
  from: string;
};

export type RateLimitConfig = {
  /** Failed sign-ins per account from one client address in a 15-minute window. */
  loginPerAccount: number;
  /**
   * Failed sign-ins per account from every address together in a 15-minute window: higher than
   * `loginPerAccount`, so a stranger's guesses do not lock the owner out of their own device.
   */
  loginPerAccountAnyAddress: number;
  /** Pins claimed per client address in a day (a farm of accounts on one connection). */
  claimsPerAddressPerDay: number;
  /** Failed sign-ins per client address in a 15-minute window. */
  loginPerAddress: number;
  /** Registrations per client address in an hour. */
  registerPerHour: number;
  /** Guest gift cards per client address, and per sender e-mail, in an hour. */
  guestGiftsPerHour: number;
  /** Card details tokenised per client address in an hour (test mode's tokenisation endpoint). */
  cardTokensPerHour: number;
  /** Cards one account saves in an hour: saving is how a stolen card would be tried out. */
  cardSavesPerHour: number;
  /** Share events per client address in an hour. */
  sharesPerHour: number;
  /**
   * User searches (people and @mentions) per account in a minute; a client address gets
   * ADDRESS_ALLOWANCE_FACTOR times as many, as several people may share one.
   */
  searchesPerMinute: number;
  /** Image uploads per account in an hour; a client address, ADDRESS_ALLOWANCE_FACTOR times as many. */
  uploadsPerHour: number;
  /** Direct messages sent per account in a minute; a client address, ADDRESS_ALLOWANCE_FACTOR times as many. */
  messagesPerMinute: number;
  /** Password-reset e-mails per address and per account in an hour. */
  passwordResetsPerHour: number;
  /** Reset links that do not work, per client address in a 15-minute window. */
  resetLinkMissesPerAddress: number;
  /** Sign-in e-mail changes per account in an hour. */
  emailChangesPerHour: number;
  /** Wrong two-factor codes (and passwords typed to confirm identity) per account in 15 minutes. */
  twoFactorPerAccount: number;
  /**
   * Counter codes that match no card, per business in 15 minutes (a client address gets
   * ADDRESS_ALLOWANCE_FACTOR times as many). Not configurable: see CODE_MISSES_PER_BUSINESS.
   */
  codeMissesPerBusiness: number;
};

function parseTrustProxy(value: string | undefined): string | number | boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads the environment once, failing fast with a readable message. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && values.DATABASE_URL && !values.SESSION_SECRET) {
    throw new Error(
      'Invalid configuration: SESSION_SECRET is required when DATABASE_URL is set in production',
    );
  }
  if (values.MAP_TILE_URL && !values.MAP_ATTRIBUTION) {
    throw new Error(
      'Invalid configuration: MAP_ATTRIBUTION is required with MAP_TILE_URL (tile providers require credit)',
    );
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    sessionSecret: values.SESSION_SECRET,
    demo: values.DEMO,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL,
    passwordHashCost: values.PASSWORD_HASH_COST,
    stepUpMaxAgeSeconds: values.STEP_UP_MAX_AGE_SECONDS,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    map: {
      tileUrl: values.MAP_TILE_URL ?? null,
      attribution: values.MAP_TILE_URL ? (values.MAP_ATTRIBUTION ?? null) : null,
    },
    rateLimits: {
      loginPerAccount: values.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerAccountAnyAddress: values.RATE_LIMIT_LOGIN_PER_ACCOUNT_ANY_ADDRESS,
      claimsPerAddressPerDay: values.RATE_LIMIT_CLAIMS_PER_ADDRESS_PER_DAY,
      loginPerAddress: values.RATE_LIMIT_LOGIN_PER_ADDRESS,
      registerPerHour: values.RATE_LIMIT_REGISTER_PER_HOUR,
      guestGiftsPerHour: values.RATE_LIMIT_GUEST_GIFTS_PER_HOUR,
      cardTokensPerHour: values.RATE_LIMIT_CARD_TOKENS_PER_HOUR,
      cardSavesPerHour: values.RATE_LIMIT_CARD_SAVES_PER_HOUR,
      sharesPerHour: values.RATE_LIMIT_SHARES_PER_HOUR,
      searchesPerMinute: values.RATE_LIMIT_SEARCHES_PER_MINUTE,
      uploadsPerHour: values.RATE_LIMIT_UPLOADS_PER_HOUR,
      messagesPerMinute: values.RATE_LIMIT_MESSAGES_PER_MINUTE,
      passwordResetsPerHour: values.RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
      resetLinkMissesPerAddress: values.RATE_LIMIT_RESET_LINK_MISSES_PER_ADDRESS,
      emailChangesPerHour: values.RATE_LIMIT_EMAIL_CHANGES_PER_HOUR,
      twoFactorPerAccount: values.RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT,
      codeMissesPerBusiness: CODE_MISSES_PER_BUSINESS,
    },
  };
}
