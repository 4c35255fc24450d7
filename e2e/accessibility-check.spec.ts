import { expect, test } from '@playwright/test';
import { checkPageAccessibility, pagePattern } from './fixtures';

// The journeys' axe check itself: it must still fail on a page that breaks the rules, and the
// end-of-test check must tell apart the pages it skips as already checked.

test('the axe check fails a page with an unnamed button and an image without text', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>' +
      '<h1>Broken</h1><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '</main></body></html>',
  );
  const failure = await checkPageAccessibility(page, 'the broken page').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('accessibility violations on the broken page');
  expect(failure).toContain('button-name');
  expect(failure).toContain('image-alt');
});

test('the axe check passes the same page once it is fixed', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Fixed</title></head><body><main>' +
      '<h1>Fixed</h1><button>Send</button>' +
      '<img alt="A dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '</main></body></html>',
  );
  await checkPageAccessibility(page, 'the fixed page');
});

test("pages are told apart by path, with the journeys' generated names and ids as one", () => {
  expect(pagePattern('/u/rosa_1a2b3c')).toBe(pagePattern('/u/shop_4d5e6f'));
  expect(pagePattern('/messages/ben_0a0b0c')).toBe('/messages/:name');
  expect(pagePattern('/pins/42')).toBe('/pins/:id');
  // The profile that does not exist, and other pages, stay pages of their own.
  expect(pagePattern('/u/nobody_by_this_name')).not.toBe(pagePattern('/u/rosa_1a2b3c'));
  expect(pagePattern('/wallet')).not.toBe(pagePattern('/wallet/payment-settings'));
  expect(pagePattern('/friends')).not.toBe(pagePattern('/friends/max_123abc'));
});
