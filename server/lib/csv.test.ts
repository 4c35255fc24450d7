import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits plain rows and ignores a final line break', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps commas, escaped quotes and line breaks inside quotes', () => {
    expect(parseCsv('"Dunkin\' Donuts","1 ""Main"" St, Unit 2","two\nlines"\r\nx,,z')).toEqual([
      ["Dunkin' Donuts", '1 "Main" St, Unit 2', 'two\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('keeps an empty last field', () => {
    expect(parseCsv('a,b,\n')).toEqual([['a', 'b', '']]);
  });
});
