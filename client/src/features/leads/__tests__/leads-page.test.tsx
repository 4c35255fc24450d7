import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Lead } from '@shared/schema/notifications';
import {
  jsonReply,
  listReply,
  mockApi,
  type MockRequest,
  type MockRoutes,
  pending,
} from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { LeadsPage } from '../pages/leads-page';

const LEADS = '/api/business/leads';
/** Long enough for the search debounce and the answer. */
const SEARCH_WAIT = { timeout: 2000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 4,
    name: 'Jordan Lee',
    email: 'jordan@example.com',
    phone: '+15551234567',
    status: 'New',
    source: 'Pin: Starbucks $25 at Main St',
    notes: '',
    last_contacted: null,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** `total` leads named 'Lead 1' … 'Lead N'; the handler answers the page asked for. */
function pagedLeads(total: number) {
  const all = Array.from({ length: total }, (_, index) =>
    buildLead({ id: index + 1, name: `Lead ${index + 1}`, email: `lead${index + 1}@example.com` }),
  );
  return (request: MockRequest<'GET /api/business/leads'>) => {
    const page = Number(request.search.get('page') ?? 1);
    const limit = Number(request.search.get('limit') ?? 10);
    return listReply(all.slice((page - 1) * limit, page * limit), { page, limit, total });
  };
}

function onePage(items: Lead[]) {
  return (request: MockRequest<'GET /api/business/leads'>) =>
    listReply(items, { page: Number(request.search.get('page') ?? 1), limit: 10 });
}

function renderLeads(routes: MockRoutes, path = '/leads') {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<LeadsPage />, { path }) };
}

const table = () => screen.getByRole('table', { name: 'Leads' });
const dataRows = () => within(table()).getAllByRole('row').slice(1);
const listRequests = (api: ReturnType<typeof mockApi>) => api.requestsTo('GET', LEADS);
const lastListRequest = (api: ReturnType<typeof mockApi>) => listRequests(api).at(-1)!.search;

describe('LeadsPage', () => {
  it('lists the first page of leads with contact, status badge, source and the footer math', async () => {
    const { api } = renderLeads({ [`GET ${LEADS}`]: pagedLeads(23) });

    expect(screen.getByRole('heading', { level: 1, name: 'Customer Leads' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(10);
    const first = dataRows()[0]!;
    expect(first).toHaveTextContent('Lead 1');
    expect(first).toHaveTextContent('lead1@example.com');
    expect(first).toHaveTextContent('+15551234567');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('Pin: Starbucks $25 at Main St');
    expect(within(first).getByRole('button', { name: 'Edit Lead 1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delete Lead 1' })).toBeInTheDocument();

    const query = lastListRequest(api);
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('10');
    expect(query.has('search')).toBe(false);
    expect(query.has('status')).toBe(false);
  });

  it('shows the defaults for a lead with blank fields', async () => {
    renderLeads({
      [`GET ${LEADS}`]: onePage([buildLead({ id: 7, name: '', email: '', phone: '', source: '' })]),
    });

    await screen.findByText('Showing 1 to 1 of 1 results');
    const row = dataRows()[0]!;
    expect(row).toHaveTextContent('Unknown');
    expect(row).toHaveTextContent('New');
    expect(row).toHaveTextContent('Direct');
    expect(row).toHaveTextContent('No contact details');
  });

  it("says 'Phone not shared' for a lead without a phone, beside the e-mail", async () => {
    renderLeads({
      [`GET ${LEADS}`]: onePage([
        buildLead({ id: 1, name: 'Kit Keeps', email: 'kit@example.com', phone: '' }),
        buildLead({ id: 2, name: 'Sam Shares', email: 'sam@example.com' }),
      ]),
    });

    await screen.findByText('Showing 1 to 2 of 2 results');
    const [keeps, shares] = dataRows();
    expect(within(keeps!).getAllByRole('link', { name: 'kit@example.com' })[0]).toHaveAttribute(
      'href',
      'mailto:kit@example.com',
    );
    expect(within(keeps!).getAllByText('Phone not shared').length).toBeGreaterThan(0);
    expect(within(keeps!).queryByRole('link', { name: /^\+1/ })).not.toBeInTheDocument();
    expect(within(shares!).queryByText('Phone not shared')).not.toBeInTheDocument();
    expect(within(shares!).getAllByRole('link', { name: '+15551234567' })[0]).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
  });

  it('shows skeleton rows while loading', () => {
    renderLeads({ [`GET ${LEADS}`]: pending });

    expect(screen.getByRole('status')).toHaveTextContent('Loading leads...');
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("says there are no leads yet, with 'Showing 0 to 0 of 0 results'", async () => {
    renderLeads({ [`GET ${LEADS}`]: onePage([]) });

    expect(
      await screen.findByText('No leads yet. Leads appear here when customers claim your pins.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches on the server once typing stops, from page 1', async () => {
    const { api, user } = renderLeads({
      [`GET ${LEADS}`]: (request) =>
        request.search.get('search') === 'jor'
          ? onePage([buildLead()])(request)
          : onePage([])(request),
    });
    await screen.findByText('Showing 0 to 0 of 0 results');
    const before = listRequests(api).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search leads...' }), 'jor');
    await sleep(100);
    // Still typing (as far as the debounce knows): nothing sent yet.
    expect(listRequests(api)).toHaveLength(before);

    expect(await screen.findByText('Jordan Lee', undefined, SEARCH_WAIT)).toBeInTheDocument();
    const searches = listRequests(api).slice(before);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.search.get('search')).toBe('jor');
    expect(searches[0]!.search.get('page')).toBe('1');
  });

  it('says nothing matches when a search finds nothing', async () => {
    const { user } = renderLeads({ [`GET ${LEADS}`]: onePage([]) });
    await screen.findByText('Showing 0 to 0 of 0 results');

    await user.type(screen.getByRole('searchbox', { name: 'Search leads...' }), 'zz');

    expect(
      await screen.findByText('No leads match your search.', undefined, SEARCH_WAIT),
    ).toBeInTheDocument();
  });

  it('pages on the server with Next and Previous', async () => {
    const { api, user } = renderLeads({ [`GET ${LEADS}`]: pagedLeads(23) });
    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    expect(lastListRequest(api).get('page')).toBe('2');
    expect(dataRows()[0]).toHaveTextContent('Lead 11');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(lastListRequest(api).get('page')).toBe('3');
    expect(dataRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    await waitFor(() => expect(lastListRequest(api).get('page')).toBe('2'));
    expect(dataRows()[0]).toHaveTextContent('Lead 11');
  });

  it('filters by status on the server and starts again at page 1', async () => {
    const { api, user } = renderLeads({ [`GET ${LEADS}`]: pagedLeads(23) });
    await screen.findByText('Showing 1 to 10 of 23 results');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 20 of 23 results');

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'New', 'Contacted', 'Qualified', 'Converted']);
    await user.selectOptions(filter, 'Contacted');

    await waitFor(() => expect(lastListRequest(api).get('status')).toBe('Contacted'));
    expect(lastListRequest(api).get('page')).toBe('1');
    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();

    await user.selectOptions(filter, 'All');
    await waitFor(() => expect(lastListRequest(api).has('status')).toBe(false));
  });

  it('links Export CSV to the export with the current search and status', async () => {
    const { user } = renderLeads({ [`GET ${LEADS}`]: onePage([]) });
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/business/leads/export');
    expect(exportLink).toHaveAttribute('download');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Qualified');
    await user.type(screen.getByRole('searchbox', { name: 'Search leads...' }), 'ann lee');

    await waitFor(
      () =>
        expect(exportLink).toHaveAttribute(
          'href',
          '/api/business/leads/export?search=ann+lee&status=Qualified',
        ),
      SEARCH_WAIT,
    );
  });

  it('adds a lead: validates the form, posts it and says Lead added', async () => {
    let created = false;
    const { api, user } = renderLeads({
      [`GET ${LEADS}`]: (request) =>
        onePage(
          created ? [buildLead({ id: 12, name: 'Sam Rivera', email: 'sam@example.com' })] : [],
        )(request),
      [`POST ${LEADS}`]: () => {
        created = true;
        return jsonReply(201, buildLead({ id: 12, name: 'Sam Rivera', email: 'sam@example.com' }));
      },
    });
    await screen.findByText('Showing 0 to 0 of 0 results');

    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lead' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('New');
    expect(within(dialog).getByLabelText('Source')).toHaveValue('Direct');

    await user.click(within(dialog).getByRole('button', { name: 'Save Lead' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Sam Rivera');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save Lead' }));
    expect(await within(dialog).findByText('Valid email is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', LEADS)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('Phone'), '555 0100');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Qualified');
    await user.clear(within(dialog).getByLabelText('Source'));
    await user.type(within(dialog).getByLabelText('Source'), 'Trade show');
    await user.type(within(dialog).getByLabelText('Notes'), 'Wants a demo');
    await user.type(within(dialog).getByLabelText('Last contacted'), '2025-03-14');
    await user.click(within(dialog).getByRole('button', { name: 'Save Lead' }));

    expect(await findToast('Lead added')).toBeInTheDocument();
    expect(api.requestsTo('POST', LEADS).map((request) => request.body)).toEqual([
      {
        name: 'Sam Rivera',
        email: 'sam@example.com',
        phone: '555 0100',
        status: 'Qualified',
        source: 'Trade show',
        notes: 'Wants a demo',
        lastContacted: '2025-03-14',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Sam Rivera')).toBeInTheDocument();
  });

  it('keeps the dialog open and says why when saving fails', async () => {
    const { user } = renderLeads({
      [`GET ${LEADS}`]: onePage([]),
      [`POST ${LEADS}`]: jsonReply(400, {
        message: 'Invalid lead',
        errors: { email: 'Valid email is required' },
      }),
    });
    await screen.findByText('Showing 0 to 0 of 0 results');

    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lead' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Save Lead' }));

    expect(await findToast('Failed to save lead')).toHaveTextContent('Invalid lead');
    expect(await within(dialog).findByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Lead' })).toBeInTheDocument();
  });

  it('edits a lead: prefilled form, PATCH with only the changed fields, Lead updated', async () => {
    let status: Lead['status'] = 'New';
    const { api, user } = renderLeads({
      [`GET ${LEADS}`]: (request) => onePage([buildLead({ status })])(request),
      [`PATCH ${LEADS}/:id`]: ({ body }) => {
        status = body.status ?? status;
        return jsonReply(200, buildLead({ status }));
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Jordan Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Lee');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jordan@example.com');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+15551234567');
    expect(within(dialog).getByLabelText('Source')).toHaveValue('Pin: Starbucks $25 at Main St');

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Contacted');
    await user.click(within(dialog).getByRole('button', { name: 'Save Lead' }));

    expect(await findToast('Lead updated')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', `${LEADS}/4`).map((request) => request.body)).toEqual([
      { status: 'Contacted' },
    ]);
    await waitFor(() => expect(dataRows()[0]).toHaveTextContent('Contacted'));
  });

  it('deletes a lead after confirmation and says Lead deleted', async () => {
    let deleted = false;
    const { api, user } = renderLeads({
      [`GET ${LEADS}`]: (request) => onePage(deleted ? [] : [buildLead()])(request),
      [`DELETE ${LEADS}/:id`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Jordan Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lead' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Jordan Lee?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE', `${LEADS}/4`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Jordan Lee' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Lead' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await findToast('Lead deleted')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', `${LEADS}/4`)).toHaveLength(1);
    expect(
      await screen.findByText('No leads yet. Leads appear here when customers claim your pins.'),
    ).toBeInTheDocument();
  });

  it('says loading failed, and Try again loads again', async () => {
    let calls = 0;
    const { user } = renderLeads({
      [`GET ${LEADS}`]: (request) => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Failed to load leads' })
          : onePage([buildLead()])(request);
      },
    });

    expect(
      await screen.findByText('Failed to load leads. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(
      screen.queryByText('Failed to load leads. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it('opens the lead a link names (/leads?lead=4) in Edit Lead', async () => {
    const { currentPath } = renderLeads(
      { [`GET ${LEADS}`]: onePage([buildLead({ id: 3, name: 'Ann' }), buildLead()]) },
      '/leads?lead=4',
    );

    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Lee');
    expect(currentPath()).toBe('/leads');
  });

  it('ignores a link to a lead that is not on the loaded page', async () => {
    renderLeads({ [`GET ${LEADS}`]: onePage([buildLead()]) }, '/leads?lead=99');

    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    await sleep(50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
