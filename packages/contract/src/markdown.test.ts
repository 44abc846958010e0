import { describe, expect, it } from 'vitest';
import { type Block, type Inline, inlineText, parseInline, parseMarkdown, safeHref } from './markdown';

const text = (s: string): Inline => ({ type: 'text', text: s });

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, rules and fenced code', () => {
    expect(
      parseMarkdown('### Ditambahkan\n\nSatu baris\nlanjutan.\n\n---\n\n```sh\nnpm install\n<b>x</b>\n```'),
    ).toEqual([
      { type: 'heading', level: 3, children: [text('Ditambahkan')] },
      { type: 'paragraph', children: [text('Satu baris\nlanjutan.')] },
      { type: 'rule' },
      { type: 'code', text: 'npm install\n<b>x</b>' },
    ] satisfies Block[]);
  });

  it('reads lists, nested by indentation, and lazy continuation lines', () => {
    const blocks = parseMarkdown('- Satu\n  - Satu a\n  - Satu b\n- Dua\nlanjut\n\n1. Pertama\n2. Kedua');
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'paragraph', children: [text('Satu')] },
            {
              type: 'list',
              ordered: false,
              items: [
                [{ type: 'paragraph', children: [text('Satu a')] }],
                [{ type: 'paragraph', children: [text('Satu b')] }],
              ],
            },
          ],
          [{ type: 'paragraph', children: [text('Dua\nlanjut')] }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [
          [{ type: 'paragraph', children: [text('Pertama')] }],
          [{ type: 'paragraph', children: [text('Kedua')] }],
        ],
      },
    ] satisfies Block[]);
  });

  it('keeps a loose list (blank lines between items) one list', () => {
    const blocks = parseMarkdown('- a\n\n- b\n\n  lanjutan b\n- c');
    expect(blocks).toHaveLength(1);
    const list = blocks[0] as Extract<Block, { type: 'list' }>;
    expect(list.items).toHaveLength(3);
    expect(list.items[1]).toHaveLength(2);
  });

  it('reads quotes', () => {
    expect(parseMarkdown('> Catatan\n> penting')).toEqual([
      { type: 'quote', children: [{ type: 'paragraph', children: [text('Catatan\npenting')] }] },
    ]);
  });

  it('never throws on odd input', () => {
    for (const odd of [
      '',
      '\n\n',
      '-',
      '```',
      '> ',
      '#',
      '1.',
      '- - -x',
      '***',
      '*'.repeat(5000),
      '['.repeat(5000),
    ]) {
      expect(() => parseMarkdown(odd), odd).not.toThrow();
    }
    // Deep nesting is cut, not followed to a stack overflow.
    expect(() => parseMarkdown('>'.repeat(10000))).not.toThrow();
  });

  it('reads the largest feed answer (64 KB) of the worst kind quickly', () => {
    for (const unit of ['[', '[a](', '**a', '`', '<http://', '- ', '  - ', '> ']) {
      const started = performance.now();
      parseMarkdown(unit.repeat(Math.floor(65536 / unit.length)));
      expect(performance.now() - started, unit).toBeLessThan(1500);
    }
  });
});

describe('parseInline', () => {
  it('reads code, bold, italic and links', () => {
    expect(parseInline('Pakai `npm start`, **cepat** dan *mudah*: [rilis](https://example.org/r).')).toEqual([
      text('Pakai '),
      { type: 'code', text: 'npm start' },
      text(', '),
      { type: 'strong', children: [text('cepat')] },
      text(' dan '),
      { type: 'em', children: [text('mudah')] },
      text(': '),
      { type: 'link', href: 'https://example.org/r', children: [text('rilis')] },
      text('.'),
    ]);
    expect(parseInline('<https://github.com/x>')).toEqual([
      { type: 'link', href: 'https://github.com/x', children: [text('https://github.com/x')] },
    ]);
  });

  it('shows HTML as text and drops links that are not web or mail addresses', () => {
    expect(parseInline('<img src=x onerror=alert(1)> <script>alert(1)</script>')).toEqual([
      text('<img src=x onerror=alert(1)> <script>alert(1)</script>'),
    ]);
    expect(parseInline('[klik](javascript:alert(1))')).toEqual([text('[klik](javascript:alert(1))')]);
    expect(inlineText(parseInline('[klik](data:text/html,x)'))).toBe('klik');
    expect(safeHref('mailto:tu@sekolah.sch.id')).toBe('mailto:tu@sekolah.sch.id');
    expect(safeHref('/relative')).toBeNull();
  });

  it('leaves names with underscores and stray marks alone', () => {
    expect(parseInline('UPDATE_FEED_URL * 2 \\*bukan\\* `tanpa akhir')).toEqual([
      text('UPDATE_FEED_URL * 2 *bukan* `tanpa akhir'),
    ]);
  });
});
