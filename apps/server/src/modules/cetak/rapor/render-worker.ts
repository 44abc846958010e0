import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import { namaBerkasSiswa, safeName } from '@erapor/contract/cetak/rapor-semua';
import { namaBerkasPkl } from '@erapor/contract/pkl/cetak';
import { namaBerkasSertifikat } from '@erapor/contract/ukk/sertifikat';
import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENTS, RAPOR_TITLE } from '../documents';
import type { RaporP5 } from '../p5/data';
import { raporP5Document } from '../p5/document';
import { renderPdfToFile as renderToFileUnchecked, renderPdf as renderUnchecked } from '../pdf';
import type { RaporPkl } from '../pkl/data';
import { raporPklDocument } from '../pkl/document';
import { checkImages, type ImageCheck, ImageUnusable, knownBadImages } from '../render-images';
import {
  RENDER_WORKER_MARK,
  type RenderCommand,
  type RenderReply,
  type RenderWorkerData,
  type SklBulkItem,
} from '../render-protocol';
import type { Sertifikat } from '../sertifikat/data';
import { sertifikatDocument } from '../sertifikat/document';
import { RAPOR_CONTENT, singleDefinition } from '../single-documents';
import { sklContent, sklDocument } from '../skl/document';
import type { TranskripDoc } from '../transkrip/data';
import { transkripContent, transkripDocument } from '../transkrip/document';
import type { RaporKelas } from './data';
import { type RaporDoc, raporDocument } from './layout';
import { ZipFileWriter } from './zip-writer';

/*
 * The render worker: every PDF of the server is rendered here, off the request thread (decision
 * 050). A Cetak Semua job (bulk.ts starts one worker per job; decision 033) posts each class as
 * plain data and this thread builds the pdfmake definitions (the same content functions as the
 * per-pupil documents), renders and writes the file; cancelling terminates the thread. Single
 * documents (`render`, from render-pool.ts) come to one long-lived worker, one at a time, and go
 * back as bytes. Before any render the images a definition draws are tried (render-images.ts).
 */

/**
 * A document of a pupil as a pdfmake section: it starts on a new page and has its own footer,
 * numbered from 1 like the single document. pdfmake calls a section's footer with the page number
 * of the whole file, once per page in ascending order (and again from the start should it lay out
 * twice), so the first page the footer sees is the section's page 1.
 */
function section(doc: RaporDoc, title: string, content: Content[]): Content {
  const base = raporDocument(doc, title, []);
  const footer = base.footer as DynamicContent;
  let first = 0;
  let last = 0;
  return {
    section: content,
    footer: (page, pages, size) => {
      if (first === 0 || page <= last) first = page;
      last = page;
      return footer(page - first + 1, pages, size);
    },
  } as Content;
}

/** The chosen documents of the given pupils in one definition, in the order of the card. */
export function bulkDocument(
  kelas: RaporKelas,
  siswa: RaporKelas['siswa'],
  dokumen: readonly RaporDokumen[],
  versi: string,
  title: string,
): TDocumentDefinitions {
  const first = siswa[0];
  if (!first) throw new Error('no pupil to print');
  const base = raporDocument({ kelas, siswa: first, versi }, title, []);
  return {
    ...base,
    info: { title, creator: 'e-Rapor SMK' },
    footer: undefined,
    content: siswa.flatMap((s) =>
      dokumen.map((d) =>
        section({ kelas, siswa: s, versi }, RAPOR_TITLE[d], RAPOR_CONTENT[d]({ kelas, siswa: s, versi })),
      ),
    ),
  };
}

/** Several pupils' documents of one kind in one definition, each numbered from page 1. */
function sectionsDocument<T>(
  items: readonly T[],
  title: string,
  single: (item: T) => TDocumentDefinitions,
  part: (item: T) => Parameters<typeof section>,
): TDocumentDefinitions {
  const first = items[0];
  if (!first) throw new Error('no pupil to print');
  return {
    ...single(first),
    info: { title, creator: 'e-Rapor SMK' },
    footer: undefined,
    content: items.map((item) => section(...part(item))),
  };
}

const docOf = (d: { kelas: RaporDoc['kelas']; siswa: RaporDoc['siswa']; versi: string }): RaporDoc => ({
  kelas: d.kelas,
  siswa: d.siswa,
  versi: d.versi,
});

/** Transcripts of several pupils in one definition, each numbered from page 1. */
export function transkripBulkDocument(docs: readonly TranskripDoc[], title: string): TDocumentDefinitions {
  return sectionsDocument(docs, title, transkripDocument, (d) => [
    docOf(d),
    DOCUMENTS.transkrip.title,
    transkripContent(d),
  ]);
}

/** Graduation letters of several pupils in one definition, each numbered from page 1. */
export function sklBulkDocument(items: readonly SklBulkItem[], title: string): TDocumentDefinitions {
  return sectionsDocument(
    items,
    title,
    ({ doc, transkrip }) => sklDocument(doc, transkrip),
    ({ doc, transkrip }) => [docOf(doc), DOCUMENTS.skl.title, sklContent(doc, transkrip)],
  );
}

const require = createRequire(import.meta.url);

/** Tells the main thread which image is being tried (set when the worker starts). */
let reportCheck: (check: ImageCheck) => void = () => {};

/** Every render of this thread: the images the definition draws are tried first. */
async function renderPdf(def: TDocumentDefinitions): Promise<Buffer> {
  await checkImages(def, reportCheck);
  return renderUnchecked(def);
}

async function renderPdfToFile(def: TDocumentDefinitions, path: string): Promise<number> {
  await checkImages(def, reportCheck);
  return renderToFileUnchecked(def, path);
}

/** pdfmake's render progress (0..1) of the document being rendered in this thread. */
function onRenderProgress(callback: ((fraction: number) => void) | undefined): void {
  (require('pdfmake') as { setProgressCallback(cb?: (f: number) => void): void }).setProgressCallback(
    callback,
  );
}

class Job {
  private zip: ZipFileWriter | null = null;
  private done = 0;
  private classes = 0;
  private pdfPupils: { kelas: RaporKelas } | null = null;
  /** PKL reports of one PDF: a plan or a class's plans, a few dozen pupils, rendered at the end. */
  private pklPupils: { plan: RaporPkl; siswa: RaporPkl['siswa'][number] }[] = [];
  /** One PDF of P5 reports or certificates: built and rendered at the end. */
  private single: { count: number; document: () => TDocumentDefinitions } | null = null;

  constructor(
    private readonly begin: Extract<RenderCommand, { type: 'begin' }>,
    private readonly send: (reply: RenderReply) => void,
  ) {
    if (begin.output === 'zip') this.zip = new ZipFileWriter(begin.path);
  }

  async kelas(kelas: RaporKelas): Promise<void> {
    this.classes++;
    const { dokumen, versi } = this.begin;
    if (this.zip) {
      const folder = safeName(kelas.kelas.nama) || `kelas-${this.classes}`;
      for (const [i, s] of kelas.siswa.entries()) {
        const pdf = await renderPdf(
          bulkDocument(kelas, [s], dokumen, versi, `${DOCUMENTS.rapor.bulkName} - ${s.nama}`),
        );
        await this.zip.add(`${folder}/${namaBerkasSiswa(i + 1, s)}`, pdf);
        this.done++;
        this.send({ type: 'progress', siswa: this.done });
      }
      return;
    }
    // One PDF is one class (the contract refuses more): rendered at the end, in one document.
    if (this.pdfPupils) throw new Error('one PDF holds one class');
    this.pdfPupils = { kelas };
  }

  /** A PKL plan: ZIP entries "{No}-{NISN, else NIS}-{Nama}-{DUDI}.pdf", or kept for the one PDF. */
  async pkl(plan: RaporPkl): Promise<void> {
    this.classes++;
    if (!this.zip) {
      for (const siswa of plan.siswa) this.pklPupils.push({ plan, siswa });
      return;
    }
    const folder = safeName(plan.kelas) || `kelas-${this.classes}`;
    for (const [i, siswa] of plan.siswa.entries()) {
      const pdf = await renderPdf(raporPklDocument([{ plan, siswa }]));
      await this.zip.add(`${folder}/${namaBerkasPkl(i + 1, siswa, plan.dudi)}`, pdf);
      this.done++;
      this.send({ type: 'progress', siswa: this.done });
    }
  }

  /**
   * A document per pupil of one unit (P5 reports, certificates): ZIP entries "{No}-{NISN}-{Nama}.pdf"
   * in the class's folder, or — one PDF — the whole list rendered at the end with pdfmake's progress.
   */
  async perPupil<T>(
    folder: string,
    list: readonly T[],
    document: (items: readonly T[]) => TDocumentDefinitions,
    entry: (no: number, item: T) => string,
  ): Promise<void> {
    this.classes++;
    if (!this.zip) {
      if (this.single) throw new Error('one PDF holds one unit');
      this.single = { count: list.length, document: () => document(list) };
      return;
    }
    const dir = safeName(folder) || `kelas-${this.classes}`;
    for (const [i, item] of list.entries()) {
      const pdf = await renderPdf(document([item]));
      await this.zip.add(`${dir}/${entry(i + 1, item)}`, pdf);
      this.done++;
      this.send({ type: 'progress', siswa: this.done });
    }
  }

  p5(kelas: RaporP5): Promise<void> {
    return this.perPupil(
      kelas.kelas.nama,
      kelas.siswa,
      (siswa) => raporP5Document(kelas, siswa),
      (no, s) => namaBerkasSiswa(no, { ...s, nis: null }),
    );
  }

  sertifikat(kelas: string, list: readonly Sertifikat[]): Promise<void> {
    return this.perPupil(kelas, list, sertifikatDocument, namaBerkasSertifikat);
  }

  /** A class's transcripts (issue #15 item 3): one per ZIP entry, or one PDF of the class. */
  transkrip(nama: string, docs: readonly TranskripDoc[]): Promise<void> {
    return this.perPupil(
      nama,
      docs,
      (items) =>
        this.zip
          ? transkripDocument(items[0] as TranskripDoc)
          : transkripBulkDocument(items, `${DOCUMENTS.transkrip.bulkName} ${nama}`),
      (no, doc) => namaBerkasSiswa(no, doc.siswa),
    );
  }

  /** A class's graduation letters (issue #15 item 4): one per ZIP entry, or one PDF of the class. */
  skl(nama: string, items: readonly SklBulkItem[]): Promise<void> {
    return this.perPupil(
      nama,
      items,
      (list) =>
        this.zip
          ? sklDocument((list[0] as SklBulkItem).doc, (list[0] as SklBulkItem).transkrip)
          : sklBulkDocument(list, `${DOCUMENTS.skl.bulkName} ${nama}`),
      (no, item) => namaBerkasSiswa(no, item.doc.siswa),
    );
  }

  /** One PDF of a whole unit, rendered at the end with pdfmake's render progress. */
  private async renderWithProgress(definition: TDocumentDefinitions, n: number): Promise<number> {
    let reported = 0;
    onRenderProgress((f) => {
      const siswa = Math.min(n, Math.floor(f * n));
      if (siswa > reported) {
        reported = siswa;
        this.send({ type: 'progress', siswa });
      }
    });
    try {
      return await renderPdfToFile(definition, this.begin.path);
    } finally {
      onRenderProgress(undefined);
    }
  }

  async end(): Promise<number> {
    if (this.zip) return this.zip.finish();
    if (this.single) return this.renderWithProgress(this.single.document(), this.single.count);
    if (this.pklPupils.length > 0) return this.endPkl();
    const kelas = this.pdfPupils?.kelas;
    if (!kelas || kelas.siswa.length === 0) throw new Error('nothing to print');
    return this.renderWithProgress(
      bulkDocument(
        kelas,
        kelas.siswa,
        this.begin.dokumen,
        this.begin.versi,
        `${DOCUMENTS.rapor.bulkName} ${kelas.kelas.nama}`,
      ),
      kelas.siswa.length,
    );
  }

  private async endPkl(): Promise<number> {
    const bytes = await renderPdfToFile(raporPklDocument(this.pklPupils), this.begin.path);
    this.send({ type: 'progress', siswa: this.pklPupils.length });
    return bytes;
  }
}

const startedHere = (data: unknown): data is RenderWorkerData =>
  typeof data === 'object' && data !== null && (data as RenderWorkerData).mark === RENDER_WORKER_MARK;

/** Answers only in a thread started for it (render-pool.ts). */
if (parentPort && startedHere(workerData)) {
  const port = parentPort;
  const send = (reply: RenderReply) => port.postMessage(reply);
  knownBadImages(workerData.badImages);
  reportCheck = (check) => send({ type: 'checking', ...check });
  let job: Job | null = null;
  // Commands are handled one after the other, in arrival order.
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (cmd: RenderCommand) => {
    chain = chain
      .then(async () => {
        if (cmd.type === 'render') {
          const pdf = await renderPdf(singleDefinition(cmd.doc));
          const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
          // A Buffer may share its memory with others (pooled): send a copy's memory, not a view.
          const own = bytes.slice();
          port.postMessage({ type: 'rendered', pdf: own } satisfies RenderReply, [own.buffer]);
        } else if (cmd.type === 'begin') job = new Job(cmd, send);
        else if (!job) throw new Error('render worker: no job begun');
        else if (cmd.type === 'kelas') {
          await job.kelas(cmd.kelas);
          send({ type: 'kelas-done' });
        } else if (cmd.type === 'pkl') {
          await job.pkl(cmd.plan);
          send({ type: 'kelas-done' });
        } else if (cmd.type === 'p5') {
          await job.p5(cmd.kelas);
          send({ type: 'kelas-done' });
        } else if (cmd.type === 'sertifikat') {
          await job.sertifikat(cmd.kelas, cmd.list);
          send({ type: 'kelas-done' });
        } else if (cmd.type === 'transkrip') {
          await job.transkrip(cmd.nama, cmd.docs);
          send({ type: 'kelas-done' });
        } else if (cmd.type === 'skl') {
          await job.skl(cmd.nama, cmd.items);
          send({ type: 'kelas-done' });
        } else send({ type: 'finished', bytes: await job.end() });
      })
      .catch((err: unknown) =>
        send(
          err instanceof ImageUnusable
            ? { type: 'image-unusable', image: err.image }
            : { type: 'error', message: err instanceof Error ? err.message : String(err) },
        ),
      );
  });
  send({ type: 'ready' });
}
