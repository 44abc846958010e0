import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32 } from 'node:zlib';

/*
 * A store-only ZIP writer streaming to a file (Cetak Semua, decision 033): PDFs are already
 * compressed, so deflating them again gains next to nothing. Entries are written as they come;
 * names are UTF-8 (flag bit 11) so "Siti Nur'aini" and folders of class names keep their letters.
 * Sizes stay below 4 GiB per entry and per archive (no ZIP64): a school's report cards are far
 * smaller; the writer refuses rather than write a broken archive.
 */

const LIMIT = 0xffffffff;

interface Central {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipFileWriter {
  private readonly out: WriteStream;
  private readonly entries: Central[] = [];
  private offset = 0;
  private failed: Error | null = null;

  constructor(path: string) {
    this.out = createWriteStream(path);
    this.out.on('error', (err) => {
      this.failed = err;
    });
  }

  private async put(chunk: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }

  async add(name: string, data: Buffer, at = new Date()): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    if (data.length >= LIMIT || this.offset + data.length + 30 + nameBytes.length >= LIMIT) {
      throw new Error('ZIP lebih dari 4 GB');
    }
    const { time, date } = dosDateTime(at);
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    this.entries.push({ name: nameBytes, crc, size: data.length, offset: this.offset, time, date });
    await this.put(header);
    await this.put(nameBytes);
    await this.put(data);
  }

  /** Writes the central directory and closes the file; resolves to the archive's size. */
  async finish(): Promise<number> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0800, 8);
      h.writeUInt16LE(0, 10);
      h.writeUInt16LE(e.time, 12);
      h.writeUInt16LE(e.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.size, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal attributes, external attributes: all 0
      h.writeUInt32LE(e.offset, 42);
      await this.put(h);
      await this.put(e.name);
    }
    if (this.entries.length > 0xffff || this.offset >= LIMIT) throw new Error('ZIP terlalu besar');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.failed) throw this.failed;
    return this.offset;
  }

  /** Stops writing (cancel, failure); the caller deletes the file. */
  abort(): void {
    this.out.destroy();
  }
}
