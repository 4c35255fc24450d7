import { profilePath } from '@/lib/paths';

/** Where a profile lives, as an absolute URL anyone can open: https://mark.it/u/ada. */
export function profileUrl(username: string, origin: string = window.location.origin): string {
  return `${origin}${profilePath(username)}`;
}

/** The line that goes with a shared link. */
export function shareText(name: string): string {
  return `Check out ${name}'s profile on mark.it`;
}

export type WebSharePlatform = 'twitter' | 'facebook' | 'whatsapp';

/** The real share pages of each network, with the profile's link (and text) filled in. */
export function webShareUrl(platform: WebSharePlatform, url: string, text: string): string {
  switch (platform) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
  }
}

/** Instagram has no web share page: the link is copied and Instagram opened to paste it. */
export const INSTAGRAM_URL = 'https://www.instagram.com/';
