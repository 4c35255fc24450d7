import { describe, expect, it } from 'vitest';
import {
  leadPageCount,
  resultsSummary,
  toDateInputValue,
  toLeadRow,
  toLeadRows,
} from '../lib/lead-display';

describe("toLeadRow (a lead's defaults)", () => {
  it('keeps every field a well-formed lead has', () => {
    expect(
      toLeadRow({
        id: 4,
        name: 'Jordan Lee',
        email: 'jordan@example.com',
        phone: '+15551234567',
        status: 'Qualified',
        source: 'Pin: Starbucks $25 at Main St',
        notes: 'Call after 5',
        last_contacted: '2025-03-14T00:00:00.000Z',
        created_at: '2025-03-01T10:00:00.000Z',
      }),
    ).toEqual({
      id: 4,
      name: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '+15551234567',
      status: 'Qualified',
      source: 'Pin: Starbucks $25 at Main St',
      notes: 'Call after 5',
      lastContacted: '2025-03-14',
    });
  });

  it("defaults a missing lead to 'Unknown', status 'New', source 'Direct' and empty fields", () => {
    expect(toLeadRow({ id: 9 })).toEqual({
      id: 9,
      name: 'Unknown',
      email: '',
      phone: '',
      status: 'New',
      source: 'Direct',
      notes: '',
      lastContacted: '',
    });
  });

  it('treats blank, null and wrongly typed values as missing', () => {
    expect(
      toLeadRow({
        id: 2,
        name: '   ',
        email: null,
        phone: 5551234,
        status: 'Lost',
        source: '',
        notes: null,
        last_contacted: 'not a date',
      }),
    ).toEqual({
      id: 2,
      name: 'Unknown',
      email: '',
      phone: '',
      status: 'New',
      source: 'Direct',
      notes: '',
      lastContacted: '',
    });
  });

  it('maps a list in order', () => {
    expect(toLeadRows([{ id: 1, name: 'A' }, { id: 2 }]).map((row) => row.name)).toEqual([
      'A',
      'Unknown',
    ]);
  });
});

describe('toDateInputValue', () => {
  it('gives the YYYY-MM-DD a date input holds, or empty', () => {
    expect(toDateInputValue('2025-01-31T23:00:00.000Z')).toBe('2025-01-31');
    expect(toDateInputValue('2025-02-01')).toBe('2025-02-01');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue('')).toBe('');
    expect(toDateInputValue('soon')).toBe('');
  });
});

describe('resultsSummary', () => {
  it('is (page-1)*limit+1 to min(page*limit, total) of total', () => {
    expect(resultsSummary({ page: 1, limit: 10, total: 23 })).toBe('Showing 1 to 10 of 23 results');
    expect(resultsSummary({ page: 2, limit: 10, total: 23 })).toBe(
      'Showing 11 to 20 of 23 results',
    );
    expect(resultsSummary({ page: 3, limit: 10, total: 23 })).toBe(
      'Showing 21 to 23 of 23 results',
    );
    expect(resultsSummary({ page: 1, limit: 10, total: 4 })).toBe('Showing 1 to 4 of 4 results');
  });

  it("says 'Showing 0 to 0 of 0 results' when there are none", () => {
    expect(resultsSummary({ page: 1, limit: 10, total: 0 })).toBe('Showing 0 to 0 of 0 results');
  });
});

describe('leadPageCount', () => {
  it('rounds up, and is at least one', () => {
    expect(leadPageCount({ limit: 10, total: 0 })).toBe(1);
    expect(leadPageCount({ limit: 10, total: 10 })).toBe(1);
    expect(leadPageCount({ limit: 10, total: 11 })).toBe(2);
  });
});
