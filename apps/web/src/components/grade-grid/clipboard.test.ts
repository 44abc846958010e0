import { describe, expect, it } from 'vitest';
import { parseClipboard } from './clipboard';

describe('parseClipboard (text copied from a spreadsheet)', () => {
  it('splits tabs into cells and CRLF rows, ignoring the trailing line break', () => {
    expect(parseClipboard('80\t90\r\n70\t60\r\n')).toEqual([
      ['80', '90'],
      ['70', '60'],
    ]);
  });

  it('accepts LF and lone CR rows and a block without a trailing line break', () => {
    expect(parseClipboard('1\t2\n3\t4')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseClipboard('1\r2\r')).toEqual([['1'], ['2']]);
  });

  it('keeps empty cells, blank rows inside the block and a trailing empty cell', () => {
    expect(parseClipboard('80\t\t90\r\n\r\n70\r\n')).toEqual([['80', '', '90'], [''], ['70']]);
    expect(parseClipboard('80\t\n')).toEqual([['80', '']]);
    expect(parseClipboard('\r\n')).toEqual([['']]);
    expect(parseClipboard('')).toEqual([]);
  });

  it('reads quoted cells with embedded line breaks, tabs and doubled quotes', () => {
    const text = '"Baik\r\nsekali"\t85\r\n"tab\there"\t"say ""hi"""\r\n';
    expect(parseClipboard(text)).toEqual([
      ['Baik\r\nsekali', '85'],
      ['tab\there', 'say "hi"'],
    ]);
    expect(parseClipboard('"a\nb"')).toEqual([['a\nb']]);
  });

  it('takes a quote literally when it does not enclose the whole cell', () => {
    expect(parseClipboard('"hello\t5" pipe\r\n')).toEqual([['"hello', '5" pipe']]);
    expect(parseClipboard('"ab"c\t1')).toEqual([['"ab"c', '1']]);
    expect(parseClipboard('"unclosed\nline')).toEqual([['"unclosed'], ['line']]);
  });

  it('keeps the text of each cell as is (decimal comma, spaces)', () => {
    expect(parseClipboard('85,5\t 90 \n')).toEqual([['85,5', ' 90 ']]);
  });
});
