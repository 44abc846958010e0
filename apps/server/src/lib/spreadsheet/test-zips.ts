import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Hand-made zips and workbooks for the tests of the upload budget (decision 018): a small valid
 * workbook, "zip bombs" (a sheet of repetitive XML that inflates to hundreds of MB, honest or lying
 * about its size in the central directory) and broken zips (encrypted, zip64, duplicate parts, no end
 * record). Nothing here ever holds the inflated bomb: its deflate stream is one compressed megabyte
 * repeated (each piece is flushed with Z_FULL_FLUSH, which ends it on a byte boundary and forgets the
 * history, so identical pieces compress to identical bytes that can be laid end to end).
 */

export interface RawEntry {
  name: string;
  /** Bytes as stored in the zip (deflated unless method 0). */
  compressed: Buffer;
  method?: 0 | 8;
  crc: number;
  /** Declared uncompressed size (may lie). */
  size: number;
  flags?: number;
  /** Extra field of the central directory header. */
  extra?: Buffer;
}

export const deflated = (name: string, data: Buffer | string): RawEntry => {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return { name, compressed: deflateRawSync(buf), crc: crc32(buf), size: buf.length };
};

/** A zip of the entries, as a zip writer lays it out: local headers and data, directory, end record. */
export function buildZip(entries: readonly RawEntry[], options: { zip64Locator?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.method ?? 8;
    const flags = (e.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.compressed);
    const extra = e.extra ?? Buffer.alloc(0);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(e.crc >>> 0, 16);
    cd.writeUInt32LE(e.compressed.length, 20);
    cd.writeUInt32LE(e.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt16LE(extra.length, 30);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name, extra);
    offset += 30 + name.length + e.compressed.length;
  }
  const cdBytes = Buffer.concat(central);
  const tail: Buffer[] = [];
  if (options.zip64Locator) {
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    tail.push(loc);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdBytes.length, 12);
  eocd.writeUInt32LE(offset, 16);
  tail.push(eocd);
  return Buffer.concat([...locals, cdBytes, ...tail]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '</Relationships>';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** The parts around sheet1.xml of a one-sheet workbook. */
export const workbookParts = (): RawEntry[] => [
  deflated('[Content_Types].xml', CONTENT_TYPES),
  deflated('_rels/.rels', ROOT_RELS),
  deflated('xl/workbook.xml', WORKBOOK),
  deflated('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
];

/** A one-sheet workbook whose sheet holds the given rows of numbers/strings (inline strings). */
export function smallWorkbook(rows: (number | string)[][]): Buffer {
  const xml =
    SHEET_HEAD +
    rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row
            .map((v, c) =>
              typeof v === 'number'
                ? `<c r="${String.fromCharCode(65 + c)}${r + 1}"><v>${v}</v></c>`
                : `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${v}</t></is></c>`,
            )
            .join('')}</row>`,
      )
      .join('') +
    SHEET_TAIL;
  return buildZip([...workbookParts(), deflated('xl/worksheets/sheet1.xml', xml)]);
}

export interface Bomb {
  /** The .xlsx. */
  data: Buffer;
  /** What sheet1.xml really inflates to. */
  realSize: number;
  /** What its central directory says. */
  declaredSize: number;
}

const MIB = 1024 * 1024;

/**
 * A valid workbook whose sheet1.xml is `megabytes` MiB of the same empty-ish row, deflated to about a
 * thousandth of that. `declaredSize` lets the directory lie (default: the truth).
 */
export function bombWorkbook(megabytes: number, options: { declaredSize?: number } = {}): Bomb {
  const row = '<row><c><v>1</v></c></row>';
  const piece = Buffer.from(row.repeat(Math.floor(MIB / row.length)));
  const full = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const head = Buffer.from(SHEET_HEAD);
  const tail = Buffer.from(SHEET_TAIL);
  const parts: Buffer[] = [deflateRawSync(head, full)];
  const compressedPiece = deflateRawSync(piece, full);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) {
    parts.push(compressedPiece);
    crc = crc32(piece, crc);
  }
  parts.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const realSize = head.length + piece.length * megabytes + tail.length;
  const declaredSize = options.declaredSize ?? realSize;
  const sheet: RawEntry = {
    name: 'xl/worksheets/sheet1.xml',
    compressed: Buffer.concat(parts),
    crc,
    size: declaredSize,
  };
  return { data: buildZip([...workbookParts(), sheet]), realSize, declaredSize };
}
