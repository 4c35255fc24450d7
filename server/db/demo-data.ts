import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { PIN_LIMITS } from '@shared/constants';
import { friendships } from '@shared/tables/friends';
import { stores } from '@shared/tables/locations';
import { normalizeRedemptionCode } from '@shared/schema/gift-cards';
import { type ProfileSettingsUpdate } from '@shared/schema/profile-settings';
import { pins } from '@shared/tables/pins';
import { users } from '@shared/tables/users';
import { registerUser } from '../services/auth/register-user';
import { claimPin } from '../services/gift-cards/claim-pin';
import { requestGift } from '../services/gift-cards/gift-requests';
import { type IdempotencyKey, requestFingerprint } from '../lib/idempotency';
import { sendGiftCard } from '../services/gift-cards/send-gift-card';
import { purchaseGiftCard } from '../services/gift-cards/purchase-gift-card';
import { addComment, setLike } from '../services/posts/change-post';
import { createPost } from '../services/posts/create-post';
import { shareLeaderboardPost } from '../services/posts/share-leaderboard-post';
import {
  createTestPaymentProvider,
  TEST_CARD_SUCCESS,
} from '../services/payments/payment-provider';
import { createPin } from '../services/pins/create-pin';
import { createRedemptionCode } from '../services/redemptions/create-redemption-code';
import { redeemCard } from '../services/redemptions/redeem-card';
import { updateProfileSettings } from '../services/settings/update-profile-settings';
import { addFunds } from '../services/wallet/move-funds';
import { type Database } from './client';

/** A key of the demo's own writes: the same each time the demo is made, so it is written once. */
const demoKey = (key: string): IdempotencyKey => ({
  key,
  fingerprint: requestFingerprint({ method: 'POST', path: 'demo-data', body: { key } }),
});

/** Shared password of the demo accounts; printed at start and listed in the README. */
export const DEMO_PASSWORD = 'markit-demo';

type DemoAccount = Parameters<typeof registerUser>[1];

// People and businesses a newcomer can sign in as. Each capability adds its own demo data here.
const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    type: 'consumer',
    email: 'ava@example.com',
    username: 'ava_thompson',
    name: 'Ava Thompson',
    phoneNumber: '(617) 555-0142',
    password: DEMO_PASSWORD,
    brands: ['starbucks', 'dunkin'],
    identifiers: [1, 5, 10],
  },
  {
    type: 'consumer',
    email: 'liam@example.com',
    username: 'liam_carter',
    name: 'Liam Carter',
    phoneNumber: '(312) 555-0178',
    password: DEMO_PASSWORD,
    brands: ['walmart', 'starbucks'],
    identifiers: [11, 13, 14],
  },
  {
    type: 'consumer',
    email: 'maya@example.com',
    username: 'maya_rodriguez',
    name: 'Maya Rodriguez',
    phoneNumber: '(512) 555-0193',
    password: DEMO_PASSWORD,
    brands: ['dunkin'],
    identifiers: [3, 9],
  },
  {
    type: 'business',
    email: 'hello@beanstreet.example.com',
    username: 'bean_street',
    name: 'Bean Street Coffee Co.',
    password: DEMO_PASSWORD,
  },
  {
    type: 'business',
    email: 'team@cornermarket.example.com',
    username: 'corner_market',
    name: 'Corner Market Partners',
    password: DEMO_PASSWORD,
  },
];

export const DEMO_USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);

/** What the demo businesses tell customers on their pins (kept on Settings). */
const DEMO_BUSINESS_DETAILS: Record<string, ProfileSettingsUpdate> = {
  bean_street: {
    contactEmail: 'hello@beanstreet.example.com',
    phone: '(617) 555-0110',
    website: 'https://beanstreet.example.com',
    description: 'Small-batch coffee roasted in Boston, poured at a Starbucks or Dunkin near you.',
  },
  corner_market: {
    contactEmail: 'team@cornermarket.example.com',
    website: 'https://cornermarket.example.com',
    description: 'Groceries and everyday gifts from the corner market partners.',
  },
};

/** Creates the demo accounts that do not exist yet; returns how many were created. */
export async function seedDemoData(db: Database): Promise<number> {
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, DEMO_USERNAMES));
  const present = new Set(existing.map((row) => row.username));
  let created = 0;
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    if (present.has(account.username)) continue;
    const user = await registerUser(db, account);
    ids[account.username] = user.id;
    const details = DEMO_BUSINESS_DETAILS[account.username];
    if (details) await updateProfileSettings(db, user.id, details);
    const offers = DEMO_OFFERS[account.username];
    if (offers) await fundAndPin(db, user.id, offers);
    created++;
  }
  // The consumers' story needs everyone: only on a fresh seed.
  if (created === DEMO_ACCOUNTS.length) await seedDemoActivity(db, ids);
  return created;
}

/** The demo business's first pin of a brand (absent without the store catalogue). */
async function demoPin(db: Database, businessId: number, brand: string) {
  const [pin] = await db
    .select({ id: pins.id })
    .from(pins)
    .where(and(eq(pins.businessId, businessId), eq(pins.brandId, brand)))
    .orderBy(asc(pins.id))
    .limit(1);
  return pin?.id;
}

/**
 * Consumers are friends, claim cards, spend some, give some to each other, ask for one and get one
 * from a guest, so profiles, the wallet, the marketplace's remaining counts and the leaderboard
 * have real history to show.
 */
async function seedDemoActivity(db: Database, ids: Record<string, number>): Promise<void> {
  const ava = ids.ava_thompson!;
  const liam = ids.liam_carter!;
  const maya = ids.maya_rodriguez!;
  await db.insert(friendships).values([
    { requesterId: ava, addresseeId: liam, status: 'accepted', respondedAt: new Date() },
    { requesterId: maya, addresseeId: ava, status: 'accepted', respondedAt: new Date() },
  ]);
  const beanStarbucks = await demoPin(db, ids.bean_street!, 'starbucks');
  const beanDunkin = await demoPin(db, ids.bean_street!, 'dunkin');
  const cornerWalmart = await demoPin(db, ids.corner_market!, 'walmart');
  if (!beanStarbucks || !beanDunkin || !cornerWalmart) return;

  await claimPin(db, ava, beanStarbucks);
  const avaDunkin = await claimPin(db, ava, beanDunkin);
  await sendGiftCard(db, ava, avaDunkin.giftCard.id, {
    recipientUsername: 'maya_rodriguez',
    message: 'Doughnuts on me!',
  });

  const liamCoffee = await claimPin(db, liam, beanStarbucks);
  // Liam spends some at Bean Street's counter, as a cashier takes a card: his code, their store.
  const liamCode = await createRedemptionCode(db, liam, liamCoffee.giftCard.id, {
    publicUrl: '',
  });
  const [beanStore] = await db
    .select({ id: pins.locationId })
    .from(pins)
    .where(eq(pins.id, beanStarbucks));
  await redeemCard(db, undefined, ids.bean_street!, {
    code: normalizeRedemptionCode(liamCode.code),
    amountCents: 3_50,
    storeId: beanStore?.id,
  });
  const liamGroceries = await claimPin(db, liam, cornerWalmart);
  await sendGiftCard(db, liam, liamGroceries.giftCard.id, {
    recipientUsername: 'ava_thompson',
    message: 'Thanks for the help moving!',
  });

  await claimPin(db, maya, beanDunkin);
  // A guest pays for a gift as a browser does: the test card is tokenised, only the token charged.
  const provider = createTestPaymentProvider(db);
  const grandmasCard = await provider.tokenize({
    number: TEST_CARD_SUCCESS,
    expiry: '12/99',
    cvc: '123',
  });
  await purchaseGiftCard(
    db,
    { provider, jobs: null },
    {
      recipientUsername: 'maya_rodriguez',
      brand: 'dunkin',
      value: 15_00,
      senderEmail: 'grandma.rose@example.com',
      message: 'A little treat for my favourite granddaughter. Love, Grandma',
      paymentToken: grandmasCard.token,
    },
    { buyer: null, idempotencyKey: demoKey('demo-guest-gift') },
  );
  const coffee = await createPost(db, ava, {
    content: 'Best latte in Boston, thanks to Bean Street! Who is joining me, @liam_carter?',
    mentionedUserIds: [liam],
    attachmentUrl: null,
    attachmentType: null,
  });
  await setLike(db, liam, coffee.id, true);
  await setLike(db, maya, coffee.id, true);
  await addComment(db, liam, coffee.id, 'Count me in for Saturday ☕');
  await shareLeaderboardPost(db, liam, 'week');
  await createPost(db, maya, {
    content: 'Someone sent me a Dunkin card out of the blue today. This app is lovely.',
    mentionedUserIds: [],
    attachmentUrl: null,
    attachmentType: null,
  });

  await requestGift(db, maya, {
    username: 'liam_carter',
    brand: 'starbucks',
    amount: 10_00,
    message: 'Coffee catch-up soon?',
  });
}

type DemoOffers = {
  fundsCents: number;
  pins: {
    brand: string;
    city: string;
    state: string;
    valueCents: number;
    quantity: number;
    message: string;
  }[];
};

// Demo businesses hold funds (added with the test card) and offer pins on real stores.
const DEMO_OFFERS: Record<string, DemoOffers> = {
  bean_street: {
    fundsCents: 500_00,
    pins: [
      {
        brand: 'starbucks',
        city: 'Boston',
        state: 'MA',
        valueCents: 10_00,
        quantity: 10,
        message: 'Your morning coffee is on us.',
      },
      {
        brand: 'dunkin',
        city: 'Cambridge',
        state: 'MA',
        valueCents: 5_00,
        quantity: 20,
        message: 'A doughnut break, courtesy of Bean Street.',
      },
    ],
  },
  corner_market: {
    fundsCents: 300_00,
    pins: [
      {
        brand: 'walmart',
        city: 'Chicago',
        state: 'IL',
        valueCents: 25_00,
        quantity: 4,
        message: 'Groceries for the week ahead.',
      },
    ],
  },
};

async function fundAndPin(db: Database, businessId: number, offers: DemoOffers): Promise<void> {
  // Paid the way a business pays: the test card is tokenised, and only the token is charged.
  const provider = createTestPaymentProvider(db);
  const card = await provider.tokenize({ number: TEST_CARD_SUCCESS, expiry: '12/99', cvc: '123' });
  await addFunds(
    db,
    { provider, jobs: null },
    {
      userId: businessId,
      amountCents: offers.fundsCents,
      paymentToken: card.token,
      idempotencyKey: demoKey(`demo-funds-${businessId}`),
    },
  );
  for (const offer of offers.pins) {
    const [store] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(
        and(
          eq(stores.brandId, offer.brand),
          eq(stores.state, offer.state),
          eq(stores.city, offer.city),
        ),
      )
      .orderBy(asc(stores.id))
      .limit(1);
    // Without the store catalogue (a bare test database) there is nothing to pin on.
    if (!store) continue;
    await createPin(db, businessId, {
      brand: offer.brand,
      value: offer.valueCents,
      quantity: offer.quantity,
      radius: 5,
      locationId: store.id,
      promotionMessage: offer.message,
      targetIdentifiers: [],
      expiresInDays: PIN_LIMITS.expiryDays,
      showBusinessInfo: true,
    });
  }
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) === 0;
}

/** The demo sign-ins that exist in this database, for the start-up banner. */
export async function listDemoSignIns(db: Database): Promise<{ username: string; type: string }[]> {
  const rows = await db
    .select({ username: users.username, type: users.type })
    .from(users)
    .where(inArray(users.username, DEMO_USERNAMES));
  return DEMO_ACCOUNTS.filter((account) =>
    rows.some((row) => row.username === account.username),
  ).map((account) => ({ username: account.username, type: account.type }));
}
