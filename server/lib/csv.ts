/**
 * Parses RFC 4180 CSV text (quoted fields, "" escapes, commas and line breaks inside quotes) into
 * rows of fields. Small on purpose: it reads the store catalogue we ship, nothing user-supplied.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * One CSV line of fields, quoted where needed. A field starting with =, +, - or @ is prefixed with
 * an apostrophe so a spreadsheet shows it as text instead of running it as a formula.
 */
export function toCsvLine(fields: readonly (string | number | null)[]): string {
  return fields
    .map((value) => {
      let text = value === null ? '' : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}
