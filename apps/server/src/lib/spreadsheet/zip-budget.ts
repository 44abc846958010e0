import { open } from 'node:fs/promises';

/*
 * An .xlsx is a zip. Before anything inflates it, its central directory says how many parts it has
 * and how big each one claims to be once inflated: that is read here, by hand (no zip library), and
 * held against a budget. A file that hides its sizes (zip64), is encrypted, names a part twice or has
 * no readable directory is refused as well. The claims are checked again when the parts are inflated
 * (read-worker.ts): a part that inflates to more or less than it declared is refused there.
 * docs/decisions/018-bounded-uploads.md.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipBudget {
  /** Largest declared uncompressed size of one part, bytes. */
  maxPartBytes: number;
  /** Largest declared uncompressed size of all parts together, bytes. */
  maxTotalBytes: number;
  maxEntries: number;
}

export type ZipProblem =
  | { kind: 'unreadable'; why: string }
  | { kind: 'encrypted' }
  | { kind: 'too-many-parts'; entries: number; limit: number }
  | { kind: 'too-big'; bytes: number; limit: number; part?: string };

/** Why a zip is refused; turned into a SpreadsheetRefused (or a plain error) by the caller. */
export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip refused: ${JSON.stringify(problem)}`);
    this.name = 'ZipRefused';
  }
}

const EOCD_SIG = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const CDH_SIG = 0x02014b50;
const CDH_SIZE = 46;
const LFH_SIG = 0x04034b50;
export const LFH_SIZE = 30;
const MAX_COMMENT = 0xffff;

const unreadable = (why: string) => new ZipRefused({ kind: 'unreadable', why });

export interface EndOfCentralDirectory {
  entries: number;
  cdSize: number;
  cdOffset: number;
  /** Where the EOCD record starts in the file. */
  eocdOffset: number;
}

/**
 * Finds the End Of Central Directory record in the last bytes of a file (`tail` holds the file's
 * bytes from `tailStart` to its end, `fileSize`).
 */
export function findEndOfCentralDirectory(
  tail: Buffer,
  tailStart: number,
  fileSize: number,
): EndOfCentralDirectory {
  if (fileSize < EOCD_SIZE) throw unreadable('too short for a zip');
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0 && tail.length - i <= EOCD_SIZE + MAX_COMMENT; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIG) continue;
    // The record's comment must reach exactly the end of the file; else this is data that looks like one.
    if (i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable('no end of central directory');
  const disk = tail.readUInt16LE(at + 4);
  const cdDisk = tail.readUInt16LE(at + 6);
  const entriesHere = tail.readUInt16LE(at + 8);
  const entries = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  const zip64 =
    entries === 0xffff ||
    entriesHere === 0xffff ||
    cdSize === 0xffffffff ||
    cdOffset === 0xffffffff ||
    (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR_SIG);
  if (zip64) throw unreadable('zip64');
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries) throw unreadable('multi-disk zip');
  const eocdOffset = tailStart + at;
  if (cdOffset + cdSize > eocdOffset) throw unreadable('central directory outside the file');
  return { entries, cdSize, cdOffset, eocdOffset };
}

/** Reads the entries of a central directory (`cd` is exactly its bytes). */
export function parseCentralDirectory(
  cd: Buffer,
  eocd: EndOfCentralDirectory,
  budget: ZipBudget,
): ZipEntry[] {
  // The count comes first: a directory of 60,000 parts is refused before it is walked.
  if (eocd.entries > budget.maxEntries) {
    throw new ZipRefused({ kind: 'too-many-parts', entries: eocd.entries, limit: budget.maxEntries });
  }
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let pos = 0;
  for (let n = 0; n < eocd.entries; n++) {
    if (pos + CDH_SIZE > cd.length || cd.readUInt32LE(pos) !== CDH_SIG)
      throw unreadable('bad central directory');
    const flags = cd.readUInt16LE(pos + 8);
    const method = cd.readUInt16LE(pos + 10);
    const crc32 = cd.readUInt32LE(pos + 16);
    const compressedSize = cd.readUInt32LE(pos + 20);
    const uncompressedSize = cd.readUInt32LE(pos + 24);
    const nameLength = cd.readUInt16LE(pos + 28);
    const extraLength = cd.readUInt16LE(pos + 30);
    const commentLength = cd.readUInt16LE(pos + 32);
    const diskStart = cd.readUInt16LE(pos + 34);
    const localHeaderOffset = cd.readUInt32LE(pos + 42);
    const end = pos + CDH_SIZE + nameLength + extraLength + commentLength;
    if (end > cd.length) throw unreadable('bad central directory');
    const nameBytes = cd.subarray(pos + CDH_SIZE, pos + CDH_SIZE + nameLength);
    const name = nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff ||
      diskStart === 0xffff ||
      hasExtra(cd.subarray(pos + CDH_SIZE + nameLength, pos + CDH_SIZE + nameLength + extraLength), 0x0001)
    ) {
      throw unreadable('zip64 entry');
    }
    // Bit 0: encrypted; bit 6: strong encryption; method 99: AES.
    if (flags & 0x41 || method === 99) throw new ZipRefused({ kind: 'encrypted' });
    if (method !== 0 && method !== 8) throw unreadable(`compression method ${method}`);
    if (method === 0 && compressedSize !== uncompressedSize) throw unreadable('stored entry with two sizes');
    if (localHeaderOffset + LFH_SIZE + compressedSize > eocd.cdOffset)
      throw unreadable('entry outside the file');
    // Readers disagree on which of two same-named parts wins (and on case): a second one is refused.
    const key = name.replace(/^\/+/, '').toLowerCase();
    if (names.has(key)) throw unreadable(`duplicate part ${name}`);
    names.add(key);
    entries.push({ name, method, flags, crc32, compressedSize, uncompressedSize, localHeaderOffset });
    pos = end;
  }
  return entries;
}

function hasExtra(extra: Buffer, id: number): boolean {
  for (let p = 0; p + 4 <= extra.length; ) {
    if (extra.readUInt16LE(p) === id) return true;
    p += 4 + extra.readUInt16LE(p + 2);
  }
  return false;
}

/** Holds the declared sizes against the budget: each part, then all of them together. */
export function checkBudget(entries: readonly ZipEntry[], budget: ZipBudget): void {
  let total = 0;
  for (const e of entries) {
    if (e.uncompressedSize > budget.maxPartBytes) {
      throw new ZipRefused({
        kind: 'too-big',
        bytes: e.uncompressedSize,
        limit: budget.maxPartBytes,
        part: e.name,
      });
    }
    total += e.uncompressedSize;
  }
  if (total > budget.maxTotalBytes)
    throw new ZipRefused({ kind: 'too-big', bytes: total, limit: budget.maxTotalBytes });
}

/** The central directory of a zip held in memory, checked against the budget. Throws ZipRefused. */
export function readZipDirectory(data: Buffer, budget: ZipBudget): ZipEntry[] {
  const tailStart = Math.max(0, data.length - (EOCD_SIZE + MAX_COMMENT));
  const eocd = findEndOfCentralDirectory(data.subarray(tailStart), tailStart, data.length);
  const entries = parseCentralDirectory(
    data.subarray(eocd.cdOffset, eocd.cdOffset + eocd.cdSize),
    eocd,
    budget,
  );
  checkBudget(entries, budget);
  return entries;
}

/** The same for a zip on disk, reading only its tail and its directory. Throws ZipRefused. */
export async function readZipFileDirectory(file: string, budget: ZipBudget): Promise<ZipEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailStart = Math.max(0, size - (EOCD_SIZE + MAX_COMMENT));
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    const eocd = findEndOfCentralDirectory(tail, tailStart, size);
    const cd = Buffer.alloc(eocd.cdSize);
    await handle.read(cd, 0, cd.length, eocd.cdOffset);
    const entries = parseCentralDirectory(cd, eocd, budget);
    checkBudget(entries, budget);
    return entries;
  } finally {
    await handle.close();
  }
}

/** The compressed bytes of an entry, found through its local header. Throws ZipRefused. */
export function entryData(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + LFH_SIZE > data.length || data.readUInt32LE(at) !== LFH_SIG) throw unreadable('bad local header');
  const start = at + LFH_SIZE + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw unreadable('entry outside the file');
  return data.subarray(start, start + entry.compressedSize);
}
