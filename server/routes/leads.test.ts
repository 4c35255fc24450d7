import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lead } from '@shared/schema/notifications';
import { businessInput, registerAs } from '../testing/factories';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { insertTestStores } from '../testing/stores';
import { pageLinks, totalCount } from '../testing/page-headers';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

async function business() {
  const agent = context.agent();
  await registerAs(agent, businessInput());
  return agent;
}

describe('/api/business/leads', () => {
  it('adds, lists with the spec fields, edits only what is sent and deletes', async () => {
    const agent = await business();
    const created = await agent
      .post('/api/business/leads')
      .send({ name: ' Jamie Lee ', email: 'jamie@example.com', phone: '+1 555 0100' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Jamie Lee',
      email: 'jamie@example.com',
      phone: '+1 555 0100',
      status: 'New',
      source: 'Direct',
      notes: '',
      last_contacted: null,
      created_at: expect.any(String),
    });
    const edited = await agent
      .patch(`/api/business/leads/${created.body.id}`)
      .send({ status: 'Contacted', lastContacted: '2026-11-20' });
    expect(edited.body).toMatchObject({
      status: 'Contacted',
      email: 'jamie@example.com',
      source: 'Direct',
      last_contacted: '2026-11-20T00:00:00.000Z',
    });
    expect((await agent.delete(`/api/business/leads/${created.body.id}`)).status).toBe(204);
    expect(totalCount(await agent.get('/api/business/leads'))).toBe(0);
  });

  it('validates: name required, e-mail valid when given, a known status', async () => {
    const agent = await business();
    const noName = await agent.post('/api/business/leads').send({ name: '  ' });
    expect([noName.status, noName.body.message]).toEqual([400, 'Name is required']);
    const badEmail = await agent.post('/api/business/leads').send({ name: 'A', email: 'nope' });
    expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Valid email is required']);
    const badStatus = await agent.post('/api/business/leads').send({ name: 'A', status: 'Hot' });
    expect(badStatus.status).toBe(400);
  });

  // Found by the bad-input properties (server/testing/bad-input.ts): years past 9999 and year 0
  // were a 500, and year 1 was stored and read back as 2001.
  it('refuses a last-contacted date outside the four-digit years, which did not round-trip', async () => {
    const agent = await business();
    for (const lastContacted of [
      '0000-01-01',
      '0001-01-01',
      '10000-01-01',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      const response = await agent.post('/api/business/leads').send({ name: 'A', lastContacted });
      expect([response.status, response.body.message]).toEqual([
        400,
        'Last contacted must be a date',
      ]);
    }
    for (const lastContacted of ['1000-01-01', '9999-12-31']) {
      const response = await agent.post('/api/business/leads').send({ name: 'A', lastContacted });
      expect(response.status).toBe(201);
      expect(response.body.last_contacted).toBe(`${lastContacted}T00:00:00.000Z`);
    }
  });

  it("keeps each business to its own leads (another's → 404)", async () => {
    const mine = await business();
    const theirs = await business();
    const lead = await mine.post('/api/business/leads').send({ name: 'Private Person' });
    expect(
      (await theirs.patch(`/api/business/leads/${lead.body.id}`).send({ name: 'X' })).status,
    ).toBe(404);
    expect((await theirs.delete(`/api/business/leads/${lead.body.id}`)).status).toBe(404);
    expect((await theirs.get('/api/business/leads')).body).toEqual([]);
  });

  it('searches, filters by status and pages on the server', async () => {
    const agent = await business();
    for (let index = 1; index <= 12; index++) {
      await agent.post('/api/business/leads').send({
        name: `Lead ${String(index).padStart(2, '0')}`,
        status: index % 3 === 0 ? 'Qualified' : 'New',
        notes: index === 7 ? 'Met at the zebra fair' : '',
      });
    }
    const first = await agent.get('/api/business/leads?page=1&limit=5');
    expect(totalCount(first)).toBe(12);
    expect(pageLinks(first)).toEqual({
      next: '/api/business/leads?page=2&limit=5',
      prev: null,
    });
    expect(first.body.map((lead: Lead) => lead.name)).toEqual([
      'Lead 12',
      'Lead 11',
      'Lead 10',
      'Lead 09',
      'Lead 08',
    ]);
    const last = await agent.get('/api/business/leads?page=3&limit=5');
    expect(last.body.map((lead: Lead) => lead.name)).toEqual(['Lead 02', 'Lead 01']);
    expect(pageLinks(last)).toEqual({
      next: null,
      prev: '/api/business/leads?page=2&limit=5',
    });
    const past = await agent.get('/api/business/leads?page=4&limit=5');
    expect(past.body).toEqual([]);
    expect(totalCount(past)).toBe(12);
    expect(pageLinks(past)).toEqual({
      next: null,
      prev: '/api/business/leads?page=3&limit=5',
    });
    const qualified = await agent.get('/api/business/leads?status=Qualified');
    expect(totalCount(qualified)).toBe(4);
    const search = await agent.get('/api/business/leads?search=ZEBRA');
    expect(search.body.map((lead: Lead) => lead.name)).toEqual(['Lead 07']);
    expect((await agent.get('/api/business/leads?limit=500')).status).toBe(400);
    expect((await agent.get('/api/business/leads?status=Hot')).status).toBe(400);
  });

  it('exports CSV with the filters, quoting and defusing formulas', async () => {
    const agent = await business();
    await agent.post('/api/business/leads').send({ name: 'Smith, Anna', status: 'Converted' });
    await agent.post('/api/business/leads').send({ name: '=HYPERLINK("x")', status: 'Converted' });
    await agent.post('/api/business/leads').send({ name: 'Not exported' });
    const response = await agent.get('/api/business/leads/export?status=Converted');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('leads.csv');
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Status,Source,Notes,Last contacted,Created');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\)",,,Converted,Direct,,,/);
    expect(lines[2]).toMatch(/^"Smith, Anna",,,Converted,Direct,,,/);
  });

  it("holds a claimant's phone only when they agreed to share it: not listed, found or exported", async () => {
    const { starbucks } = await insertTestStores(context.database.db);
    const shop = await fundedBusiness(context);
    const pinId = await createTestPin(shop.agent, starbucks);
    const keeps = await signedInConsumer(context, {
      name: 'Kit Keeps',
      email: 'kit.keeps@example.com',
      phoneNumber: '(555) 014-1414',
    });
    const shares = await signedInConsumer(context, {
      name: 'Sam Shares',
      phoneNumber: '(555) 014-2424',
    });
    await keeps.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    await shares.agent.post(`/api/pins/${pinId}/claim`).send({ sharePhone: true }).expect(201);

    const listed = (await shop.agent.get('/api/business/leads')).body as Lead[];
    expect(listed.map(({ name, phone }) => ({ name, phone }))).toEqual([
      { name: 'Sam Shares', phone: '+15550142424' },
      { name: 'Kit Keeps', phone: '' },
    ]);
    expect((await shop.agent.get('/api/business/leads?search=0141414')).body).toEqual([]);
    const exported = (await shop.agent.get('/api/business/leads/export')).text;
    expect(exported).toContain('+15550142424');
    expect(exported).toContain('kit.keeps@example.com');
    expect(exported).not.toContain('0141414');
  });

  it('answers 401 without a session and 403 for a consumer', async () => {
    const consumer = await signedInConsumer(context);
    for (const path of ['/api/business/leads', '/api/business/leads/export']) {
      expect((await context.agent().get(path)).status).toBe(401);
      expect((await consumer.agent.get(path)).status).toBe(403);
    }
    expect((await consumer.agent.post('/api/business/leads').send({ name: 'X' })).status).toBe(403);
  });
});
