import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows';
import { APP_JOB_QUEUES, queueLetter } from '../../jobs/app-jobs';
import { TEST_PASSWORD } from '../../testing/factories';
import { createTestPin, fundedBusiness, signedInConsumer } from '../../testing/gift-cards';
import { caughtMailTo, linkIn, waitForMailTo } from '../../testing/mail';
import { spendAtCounter } from '../../testing/redemptions';
import { insertTestStores } from '../../testing/stores';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { type CardExpiringLetter, remindExpiringCards } from './remind-expiring-cards';

let context: TestContext;
let pinId: number;
let business: Awaited<ReturnType<typeof fundedBusiness>>;
beforeAll(async () => {
  context = await createTestContext();
  const store = await insertTestStores(context.database.db);
  business = await fundedBusiness(context, 1000, 'Bean Street Coffee');
  pinId = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 20 });
});
afterAll(async () => {
  await context.close();
});

const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(context.database.db, query);

/** A consumer holding a $10 card that expires `expiresIn` from now (a Postgres interval). */
async function holder(expiresIn: string) {
  const consumer = await signedInConsumer(context);
  const claim = await consumer.agent.post(`/api/pins/${pinId}/claim`);
  expect(claim.status).toBe(201);
  const cardId = claim.body.giftCard.id as number;
  await rows(
    sql`update gift_cards set expires_at = now() + ${expiresIn}::interval where id = ${cardId}`,
  );
  const [{ email }] = (await rows<{ email: string }>(
    sql`select email from users where id = ${consumer.user.id}`,
  )) as [{ email: string }];
  return { ...consumer, cardId, email };
}

const reminderNotifications = (userId: number) =>
  rows<{ message: string; reference_type: string; reference_id: number; amount_cents: number }>(
    sql`select message, reference_type, reference_id, amount_cents from notifications
        where recipient_id = ${userId} and type = 'card_expiring'`,
  );

const remindedAt = async (cardId: number) =>
  (
    await rows<{ expiry_reminded_at: Date | null }>(
      sql`select expiry_reminded_at from gift_cards where id = ${cardId}`,
    )
  )[0]!.expiry_reminded_at;

/** Runs the reminder as the job does, and also keeps the letters it queued. */
async function runReminder(letters: CardExpiringLetter[]) {
  return remindExpiringCards(context.database.db, async (letter) => {
    letters.push(letter);
    await queueLetter(context.jobs, letter);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('remindExpiringCards', () => {
  it('reminds each holder once of a card with value that expires within 7 days', async () => {
    const soon = await holder('3 days - 1 hour');
    const muted = await holder('2 days');
    const later = await holder('10 days');
    const expired = await holder('-1 hour');
    const empty = await holder('3 days');
    const redeemed = await spendAtCounter(empty.agent, empty.cardId, business.agent, 10);
    expect(redeemed.status).toBe(201);
    const deleted = await holder('3 days');
    expect(
      (await deleted.agent.post('/api/user/delete').send({ password: TEST_PASSWORD })).status,
    ).toBe(204);
    const switchedOff = await muted.agent
      .put('/api/notifications/preferences')
      .send({ preferences: [{ type: 'card_expiring', inApp: false }] });
    expect(switchedOff.status).toBe(200);

    // Two instances at once, then a later run: each card is claimed by one of them only.
    const letters: CardExpiringLetter[] = [];
    const counts = await Promise.all([runReminder(letters), runReminder(letters)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await runReminder(letters)).toBe(0);
    expect(letters.map((letter) => letter.giftCardId).sort()).toEqual(
      [soon.cardId, muted.cardId].sort(),
    );

    expect(await reminderNotifications(soon.user.id)).toEqual([
      {
        message: 'Your Starbucks gift card has $10.00 left and expires in 3 days',
        reference_type: 'gift_card',
        reference_id: soon.cardId,
        amount_cents: 1000,
      },
    ]);
    const list = await soon.agent.get('/api/consumer/notifications');
    expect(list.body).toContainEqual(
      expect.objectContaining({ type: 'card_expiring', referenceId: soon.cardId }),
    );
    // Switched off in the app: no notification, but the e-mail still goes.
    expect(await reminderNotifications(muted.user.id)).toEqual([]);
    for (const skipped of [later, expired, empty, deleted]) {
      expect(await reminderNotifications(skipped.user.id)).toEqual([]);
      expect(await remindedAt(skipped.cardId)).toBeNull();
    }
    expect(await remindedAt(soon.cardId)).not.toBeNull();

    // One e-mail each, through SMTP to the local catcher, and no second one.
    const [mail] = await waitForMailTo(context.config.dataDir, soon.email);
    expect(mail!.subject).toBe('Your Starbucks gift card expires soon');
    expect(mail!.text).toContain('has $10.00 left and expires on');
    expect(linkIn(mail!, '/wallet').searchParams.get('card')).toBe(String(soon.cardId));
    await waitForMailTo(context.config.dataDir, muted.email);
    await pause(500);
    expect(await caughtMailTo(context.config.dataDir, soon.email)).toHaveLength(1);
    expect(await caughtMailTo(context.config.dataDir, muted.email)).toHaveLength(1);
    // No reminder (the spent card's holder has the receipt of the spend, nothing else).
    for (const skipped of [later, expired, empty, deleted]) {
      const mail = await caughtMailTo(context.config.dataDir, skipped.email);
      expect(mail.filter(({ subject }) => subject !== 'You used your gift card')).toEqual([]);
    }
  });

  it('runs as the daily job: one notification and one e-mail however often it runs', async () => {
    const soon = await holder('1 day');
    const queueName = APP_JOB_QUEUES.remindExpiringCards.name;
    for (let run = 0; run < 2; run++) {
      const id = await context.jobs.send(queueName, {});
      const deadline = Date.now() + 20_000;
      while ((await context.jobs.state(queueName, id)) !== 'completed') {
        if (Date.now() > deadline) throw new Error('the reminder job did not complete');
        await pause(100);
      }
    }
    const notifications = await reminderNotifications(soon.user.id);
    expect(notifications.map((row) => row.message)).toEqual([
      'Your Starbucks gift card has $10.00 left and expires within a day',
    ]);
    await waitForMailTo(context.config.dataDir, soon.email);
    await pause(500);
    expect(await caughtMailTo(context.config.dataDir, soon.email)).toHaveLength(1);
  });
});
