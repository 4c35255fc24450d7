import { z } from 'zod';
import { LIMITS, PROFILE_LIMITS, USER_TYPES } from '../constants';
import { isValidPhone, normalizePhone } from '../phone';
import { passwordChangeSchema } from './account';
import {
  brandsField,
  EMAIL_MESSAGE,
  emailField,
  identifiersField,
  nameField,
  PHONE_INVALID_MESSAGE,
  phoneNumberField,
  usernameField,
} from './users';

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const SETTINGS_MESSAGES = {
  saved: 'Your profile has been saved',
  websiteInvalid: 'Website must be a full address starting with http:// or https://',
  descriptionTooLong: `Description must be at most ${PROFILE_LIMITS.descriptionMax} characters`,
  businessOnly: 'Only a business account has this detail',
  consumerOnly: 'Only a consumer account has this detail',
  phoneRequired: 'Phone number is required',
  pictureUnknown: 'Upload the picture here first',
  emailUnchanged: 'That is already your sign-in e-mail',
  emailChangeRateLimited: 'Too many e-mail changes. Please try again later.',
  /** The same whether or not the address is free, so the answer tells no one who has an account. */
  emailChangeSent: (email: string) =>
    `If ${email} can be used, a confirmation link is on its way to it. Your sign-in e-mail changes when you follow the link.`,
  emailChangeLinkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  emailChanged: (email: string) => `Your sign-in e-mail is now ${email}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas, shared by the settings forms and the server
// ---------------------------------------------------------------------------------------------

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** A phone number as registration takes it: at least 5 characters and a plausible number. */
export const requiredPhoneField = phoneNumberField.refine(
  (value) => isValidPhone(normalizePhone(value)),
  PHONE_INVALID_MESSAGE,
);

/** A phone number that may be left empty (a business's); '' clears it. */
export const optionalPhoneField = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`)
  .refine((value) => value === '' || isValidPhone(normalizePhone(value)), PHONE_INVALID_MESSAGE);

/** A contact e-mail that may be left empty; '' clears it. */
export const contactEmailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_MESSAGE);

/** An absolute http(s) address, or '' to clear it. */
export const websiteField = z
  .string({ error: SETTINGS_MESSAGES.websiteInvalid })
  .trim()
  .max(PROFILE_LIMITS.websiteMax, `Website must be at most ${PROFILE_LIMITS.websiteMax} characters`)
  .refine((value) => value === '' || isHttpUrl(value), SETTINGS_MESSAGES.websiteInvalid);

export const descriptionField = z
  .string({ error: SETTINGS_MESSAGES.descriptionTooLong })
  .trim()
  .max(PROFILE_LIMITS.descriptionMax, SETTINGS_MESSAGES.descriptionTooLong);

/** The address of a picture uploaded here (`POST /api/uploads`), or null for none. */
export const profilePictureField = z
  .string({ error: SETTINGS_MESSAGES.pictureUnknown })
  .trim()
  .max(PROFILE_LIMITS.pictureUrlMax, SETTINGS_MESSAGES.pictureUnknown)
  .nullable();

/**
 * The brands a business accepts at its counter besides those of its own pins (it may accept none
 * yet): their cards can be redeemed there.
 */
export const acceptedBrandsField = z
  .array(z.string({ error: 'Brand ids must be strings' }).trim().min(1, 'Unknown brand'), {
    error: 'Accepted brands must be a list of brand ids',
  })
  .max(LIMITS.brandsMax, 'Too many brands');

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * `PATCH /api/user/settings`: only the fields sent change. Brands and identifiers are replaced as
 * sets. Consumer-only fields (brands, identifiers) and business-only ones (contactEmail, website,
 * description, acceptedBrands) are refused for the other account type; '' clears an optional detail.
 */
export const profileSettingsUpdateSchema = z.object({
  name: nameField('Name is required').optional(),
  username: usernameField.optional(),
  profilePicture: profilePictureField.optional(),
  phone: optionalPhoneField.optional(),
  brands: brandsField.optional(),
  identifiers: identifiersField.optional(),
  contactEmail: contactEmailField.optional(),
  website: websiteField.optional(),
  description: descriptionField.optional(),
  acceptedBrands: acceptedBrandsField.optional(),
});
export type ProfileSettingsUpdate = z.input<typeof profileSettingsUpdateSchema>;

/** The consumer's form: every field it shows, with registration's rules and messages. */
export const consumerProfileFormSchema = z.object({
  name: nameField('Name is required'),
  username: usernameField,
  phone: requiredPhoneField,
  brands: brandsField,
  identifiers: identifiersField,
});
export type ConsumerProfileForm = z.input<typeof consumerProfileFormSchema>;

/** The business's form. */
export const businessProfileFormSchema = z.object({
  name: nameField('Business name is required'),
  username: usernameField,
  phone: optionalPhoneField,
  contactEmail: contactEmailField,
  website: websiteField,
  description: descriptionField,
});
export type BusinessProfileForm = z.input<typeof businessProfileFormSchema>;

/** `POST /api/user/email`: the new sign-in address, proven by the current password. */
export const emailChangeRequestSchema = z.object({
  newEmail: emailField,
  currentPassword: passwordChangeSchema.shape.currentPassword,
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

/** `POST /api/user/email/confirm`: the token from the link in the letter. */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: SETTINGS_MESSAGES.emailChangeLinkInvalid })
    .trim()
    .min(1, SETTINGS_MESSAGES.emailChangeLinkInvalid)
    .max(200, SETTINGS_MESSAGES.emailChangeLinkInvalid),
});
export type EmailChangeConfirm = z.input<typeof emailChangeConfirmSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** What the settings page edits: the signed-in user's own details, never shown to others as such. */
export const profileSettingsSchema = z
  .object({
    type: z.enum(USER_TYPES),
    name: z.string(),
    username: z.string(),
    /** The sign-in address (changed only through a confirmation link). */
    email: z.string().describe('The sign-in address (changed only through a confirmation link)'),
    profilePicture: z.string().nullable(),
    /** Normalised. */
    phone: z.string().nullable().describe('Normalised phone number'),
    /** Favourite brand ids, sorted (consumers; empty for a business). */
    brands: z.array(z.string()).describe('Favourite brand ids, sorted (consumers)'),
    /** Identifier ids, ascending (consumers; empty for a business). */
    identifiers: z.array(z.number().int()).describe('Identifier ids, ascending (consumers)'),
    /** A business's details for customers (null for a consumer, or when not given). */
    contactEmail: z.string().nullable().describe("A business's contact e-mail for customers"),
    website: z.string().nullable().describe("A business's website"),
    description: z.string().nullable().describe("A business's short description"),
    /** Brand ids a business accepts at its counter besides its pins' (empty for a consumer). */
    acceptedBrands: z
      .array(z.string())
      .describe("Brand ids a business accepts at its counter besides its pins' brands, sorted"),
  })
  .describe("The signed-in user's editable profile");
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
