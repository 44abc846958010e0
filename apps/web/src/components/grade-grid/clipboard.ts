/**
 * Parses a block copied from Excel, LibreOffice or Google Sheets (text/plain on the clipboard):
 * cells separated by tabs, rows by CRLF (Windows), LF or a lone CR (old Mac), one trailing line
 * break after the last row. A cell holding a line break, a tab or a quote at its start is written
 * in double quotes with inner quotes doubled (`"a ""b""\nc"`). A cell that merely starts with a
 * quote but is not closed that way (`"hello` or `5" pipe`) is taken literally, as Excel does.
 *
 * Returns rows of cells as text; no trimming or number parsing (the column decides that).
 */
export function parseClipboard(text: string): string[][] {
  if (text === '') return [];
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;

  while (i <= n) {
    let cell: string;
    const quoted = text[i] === '"' ? readQuoted(text, i) : null;
    if (quoted) {
      cell = quoted.value;
      i = quoted.end;
    } else {
      let j = i;
      while (j < n && text[j] !== '\t' && text[j] !== '\n' && text[j] !== '\r') j++;
      cell = text.slice(i, j);
      i = j;
    }
    row.push(cell);

    // i now sits on a separator or at the end of the text.
    const ch = text[i];
    if (ch === '\t') {
      i++;
      continue;
    }
    rows.push(row);
    row = [];
    if (ch === undefined) break;
    i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    // The line break after the last row ends the block; it does not start an empty row.
    if (i === n) break;
  }
  return rows;
}

/**
 * Reads a quoted cell starting at `start` (on the opening quote). Returns null when the closing
 * quote is missing or not followed by a separator: then the quote is just part of the text.
 */
function readQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const q = text.indexOf('"', i);
    if (q < 0) return null;
    value += text.slice(i, q);
    if (text[q + 1] === '"') {
      value += '"';
      i = q + 2;
      continue;
    }
    const after = text[q + 1];
    if (after === undefined || after === '\t' || after === '\n' || after === '\r') {
      return { value, end: q + 1 };
    }
    return null;
  }
  return null;
}
