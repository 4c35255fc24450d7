/** A guest has no account, so is named by the part of their e-mail before the @, as they typed it. */
export const guestName = (email: string) => email.split('@')[0] || email;

/**
 * How a guest sender is shown to the person they sent a card to: the name from the e-mail they
 * typed, which nobody confirmed, so anyone could have typed a friend's or a shop's address. Kept on
 * the card, the gift, the card's history and the notification, so every place the recipient reads
 * the sender's name says so; a signed-in consumer's gift carries their account's name unmarked.
 */
export const guestSenderName = (email: string) => `${guestName(email)} (not verified)`;
