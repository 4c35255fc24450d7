import { brandDisplayName } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import { type MarketplacePin } from '@shared/schema/gift-cards';

/** One offer of a marketplace page as Postgres answers it: the pin, its store and business. */
export type OfferRow = {
  id: number;
  brand_id: string;
  value_cents: number;
  promotion_message: string;
  show_business_info: boolean;
  business_name: string;
  business_contact_email: string | null;
  business_phone: string | null;
  business_website: string | null;
  business_description: string | null;
  location_name: string;
  street: string;
  city: string;
  state: string;
  /** The store's position (copied onto the pin when it was made). */
  lat: number;
  lng: number;
  /** A Date from either driver; a string is read the same way. */
  expires_at: Date | string;
  remaining: number;
  recommended: boolean | null;
  /** Miles from the consumer to a tenth, or null without a location. */
  distance_miles: number | null;
};

/**
 * A marketplace offer as the API answers it: dollars from cents, a one-line headline, the
 * business named (with its contact details) only when it chose to be, the expiry in ISO form.
 * The distance is rounded by Postgres (`round(miles::numeric, 1)`), whose decimal rounding
 * JavaScript's binary one would not match on every tie; it is present only when the request
 * carried a location.
 */
export function presentOffer(row: OfferRow, located: boolean): MarketplacePin {
  const offer: MarketplacePin = {
    id: row.id,
    brand: row.brand_id,
    value: centsToDollars(row.value_cents),
    message: `${formatDollars(row.value_cents)} ${brandDisplayName(row.brand_id)} gift card`,
    promotion_message: row.promotion_message,
    display_business_name: row.show_business_info,
    business_name: row.show_business_info ? row.business_name : '',
    business_contact: row.show_business_info
      ? {
          email: row.business_contact_email,
          phone: row.business_phone,
          website: row.business_website,
          description: row.business_description,
        }
      : null,
    sender_name: row.business_name,
    location_name: row.location_name,
    street: row.street,
    city: row.city,
    state: row.state,
    lat: Number(row.lat),
    lng: Number(row.lng),
    expiration_date: new Date(row.expires_at).toISOString(),
    remaining: row.remaining,
    recommended: row.recommended === true,
  };
  if (located && row.distance_miles !== null) offer.distance_miles = row.distance_miles;
  return offer;
}
