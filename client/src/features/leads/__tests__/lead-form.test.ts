import { describe, expect, it } from 'vitest';
import { leadInputSchema } from '@shared/schema/notifications';
import { type LeadRow } from '../lib/lead-display';
import { changedLeadFields, leadFormValues, toLeadRequestBody } from '../lib/lead-form';

const lead: LeadRow = {
  id: 4,
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '',
  status: 'New',
  source: 'Direct',
  notes: '',
  lastContacted: '',
};

const parse = (values: Record<string, unknown>) => leadInputSchema.parse(values);

describe('toLeadRequestBody', () => {
  it("sends a blank source as 'Direct' and a blank date as null", () => {
    expect(
      toLeadRequestBody(
        parse({ ...leadFormValues(lead), name: ' Sam ', source: ' ', lastContacted: '' }),
      ),
    ).toEqual({
      name: 'Sam',
      email: 'jordan@example.com',
      phone: '',
      status: 'New',
      source: 'Direct',
      notes: '',
      lastContacted: null,
    });
  });
});

describe('changedLeadFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedLeadFields(lead, parse(leadFormValues(lead)))).toEqual({});
  });

  it('holds only the fields that differ, trimmed', () => {
    expect(
      changedLeadFields(
        lead,
        parse({
          ...leadFormValues(lead),
          status: 'Contacted',
          notes: '  Called  ',
          lastContacted: '2025-03-14',
        }),
      ),
    ).toEqual({ status: 'Contacted', notes: 'Called', lastContacted: '2025-03-14' });
  });

  it('clears a date with null', () => {
    expect(
      changedLeadFields(
        { ...lead, lastContacted: '2025-03-14' },
        parse({ ...leadFormValues(lead), lastContacted: '' }),
      ),
    ).toEqual({ lastContacted: null });
  });
});
