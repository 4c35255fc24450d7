import Bowser from 'bowser';

/** What a session's device reads as when its browser could not be told. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** Long enough for any real browser and system name; a forged header cannot bloat the session. */
const DEVICE_MAX_LENGTH = 80;

/**
 * The browser and system a user agent names, as people know them ('Chrome on macOS', 'Safari on
 * iOS'): what the list of signed-in sessions shows. The session keeps this, never the header.
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  const described =
    browser.name && os.name
      ? `${browser.name} on ${os.name}`
      : browser.name || (os.name ? `A browser on ${os.name}` : UNKNOWN_DEVICE);
  return described.slice(0, DEVICE_MAX_LENGTH);
}
