import type { LingkupMateriGrid } from '@erapor/contract/penilaian/asesmen';
import { sql } from 'drizzle-orm';
import type { SeededDemo } from '../apps/server/src/modules/demo/seed';
import type { AppEnv } from './app-env';

/** A listening app with a demo school whose accounts share one password. */
export interface DemoEnv extends AppEnv {
  demo: SeededDemo;
}

/** Logs `email` in to the demo's semester: the headers of its later requests. */
export async function loginHeaders(
  env: DemoEnv,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const res = await fetch(`${env.url}/api/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, semester_id: env.demo.semesterId }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
}

/** A teacher with one subject's lingkup-materi grid: saves the whole grid with new values each time. */
export class GridWriter {
  /** What the server holds (after the last acknowledged save), by `anggota#tp`. */
  private stored = new Map<string, number | null>();
  private grid!: LingkupMateriGrid;
  private round = 0;

  constructor(
    private env: DemoEnv,
    private headers: Record<string, string>,
    readonly pembelajaranId: string,
  ) {}

  async load(): Promise<void> {
    const res = await fetch(
      `${this.env.url}/api/penilaian/pembelajaran/${this.pembelajaranId}/lingkup-materi`,
      {
        headers: this.headers,
      },
    );
    if (res.status !== 200) throw new Error(`grid: ${res.status} ${await res.text()}`);
    this.grid = (await res.json()) as LingkupMateriGrid;
    for (const s of this.grid.siswa)
      for (const tp of this.grid.tp)
        this.stored.set(`${s.anggota_rombel_id}#${tp.tp_id}`, s.nilai[tp.tp_id] ?? null);
  }

  get cells(): number {
    return this.grid.siswa.length * this.grid.tp.length;
  }

  /** One save of every cell; resolves to the HTTP status. */
  async save(): Promise<number> {
    this.round++;
    const next = new Map<string, number>();
    const rows = this.grid.siswa.flatMap((s, i) =>
      this.grid.tp.map((tp, j) => {
        const key = `${s.anggota_rombel_id}#${tp.tp_id}`;
        const nilai = 50 + ((this.round * 7 + i * 3 + j) % 51);
        next.set(key, nilai);
        return {
          anggota_rombel_id: s.anggota_rombel_id,
          tp_id: tp.tp_id,
          nilai,
          sebelumnya: this.stored.get(key) ?? null,
        };
      }),
    );
    const res = await fetch(
      `${this.env.url}/api/penilaian/pembelajaran/${this.pembelajaranId}/lingkup-materi`,
      {
        method: 'PUT',
        headers: this.headers,
        body: JSON.stringify({ rows }),
      },
    );
    await res.arrayBuffer();
    if (res.status === 200) for (const [k, v] of next) this.stored.set(k, v);
    return res.status;
  }

  /** Cells whose stored value differs from the last acknowledged save. */
  async lostWrites(): Promise<number> {
    const { rows } = (await this.env.handle.db.execute(
      sql`select anggota_rombel_id a, tp_id t, nilai from nilai_tp where pembelajaran_id = ${this.pembelajaranId}`,
    )) as unknown as { rows: { a: string; t: string; nilai: number }[] };
    const inDb = new Map(rows.map((r) => [`${r.a}#${r.t}`, Number(r.nilai)]));
    let lost = 0;
    for (const [k, v] of this.stored) if ((inDb.get(k) ?? null) !== v) lost++;
    return lost;
  }
}
