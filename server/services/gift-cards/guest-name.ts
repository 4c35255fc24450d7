/** A guest has no account, so is named by the part of their e-mail before the @. */
export const guestName = (email: string) => email.split('@')[0] || email;
