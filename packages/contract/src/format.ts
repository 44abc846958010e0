/**
 * The one formatter for numbers, dates and times (issue #27 item 1), used by the screens, the
 * printed documents and the Excel exports alike:
 *
 * - screens pass their interface language (`id`, `en`, `de`, `fr`, `pt`): Indonesian is written
 *   as in Indonesia (65,00 · 03-08-2026 · 14:05), the others by their own locale (Intl);
 * - printed documents are Indonesian whatever the screen language (3 Agustus 2026 · 65,00), as
 *   official documents are — they call the functions without a language;
 * - Excel cells stay numbers and dates: an export writes the value and one of `EXCEL_FORMAT`.
 *
 * Dates travel as ISO dates (yyyy-mm-dd) and are formatted from their digits, never through a
 * `Date` in the machine's time zone (which would move 2026-08-03 to the 2nd west of UTC).
 */

/** The interface languages (apps/web lib/prefs LOCALES); Indonesian is the default here. */
export type Bahasa = 'id' | 'en' | 'de' | 'fr' | 'pt';

/** BCP 47 tag for Intl: Indonesian is formatted as in Indonesia (id-ID). */
export const localeTag = (lng: Bahasa = 'id'): string => (lng === 'id' ? 'id-ID' : lng);

export const BULAN = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

// --- numbers ------------------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: Bahasa, digits: number | null): Intl.NumberFormat {
  const key = `${lng}:${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      localeTag(lng),
      digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    );
    numberFormats.set(key, f);
  }
  return f;
}

/** A count: 1234 → "1.234" (id), "1,234" (en). */
export const formatAngka = (n: number, lng: Bahasa = 'id'): string => numberFormat(lng, null).format(n);

/**
 * A number with a fixed count of decimals: (65, 2) → "65,00", (77.14, 1) → "77,1" (id);
 * (65, 2, 'en') → "65.00". null → "" (no value is printed as nothing; callers put their dash).
 */
export function formatDesimal(n: number | null | undefined, digits: number, lng: Bahasa = 'id'): string {
  return n === null || n === undefined ? '' : numberFormat(lng, digits).format(n);
}

// --- dates (ISO dates, yyyy-mm-dd) ----------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(iso: string): { y: string; m: string; d: string } | null {
  const m = ISO_DATE.exec(iso);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[3]) < 1 || Number(m[3]) > 31) return null;
  return { y: m[1] as string, m: m[2] as string, d: m[3] as string };
}

const utcDate = (p: { y: string; m: string; d: string }) => new Date(Date.UTC(+p.y, +p.m - 1, +p.d));

/**
 * A date in a table or a field: 2026-08-03 → "03-08-2026" (id), "08/03/2026" (en),
 * "03.08.2026" (de). null → ""; text that is no ISO date is returned as it is.
 */
export function formatTanggalTabel(iso: string | null | undefined, lng: Bahasa = 'id'): string {
  if (!iso) return '';
  const p = parts(iso);
  if (!p) return iso;
  if (lng === 'id') return `${p.d}-${p.m}-${p.y}`;
  return new Intl.DateTimeFormat(localeTag(lng), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(p));
}

/**
 * A date as printed documents write it, always Indonesian: 2026-08-03 → "3 Agustus 2026".
 * null → ""; text that is no ISO date is returned as it is (never a wrong date).
 */
export function formatTanggalDokumen(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = parts(iso);
  return p ? `${Number(p.d)} ${BULAN[Number(p.m) - 1]} ${p.y}` : iso;
}

/** A date written out on a screen: "3 Agustus 2026" (id), "August 3, 2026" (en). */
export function formatTanggalPanjang(iso: string | null | undefined, lng: Bahasa = 'id'): string {
  if (lng === 'id' || !iso) return formatTanggalDokumen(iso);
  const p = parts(iso);
  return p
    ? new Intl.DateTimeFormat(localeTag(lng), { dateStyle: 'long', timeZone: 'UTC' }).format(utcDate(p))
    : iso;
}

// --- moments (a Date or an ISO timestamp) ---------------------------------------------------

export interface MomentOptions {
  /** IANA zone; the machine's own when left out (a browser shows its user's time). */
  timeZone?: string;
  /** With seconds (14:05:09). */
  seconds?: boolean;
}

type MomentPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';
function momentParts(at: Date, o: MomentOptions): Record<MomentPart, string> {
  const out: Record<MomentPart, string> = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  const f = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: o.timeZone,
  });
  for (const part of f.formatToParts(at)) if (part.type in out) out[part.type as MomentPart] = part.value;
  return out;
}

const toDate = (at: Date | string): Date => (typeof at === 'string' ? new Date(at) : at);

/** A time of day, 24-hour in Indonesian: 14:05 (id), "2:05 PM" (en). */
export function formatJam(at: Date | string, lng: Bahasa = 'id', o: MomentOptions = {}): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return '';
  if (lng !== 'id') {
    return new Intl.DateTimeFormat(localeTag(lng), {
      timeStyle: o.seconds ? 'medium' : 'short',
      timeZone: o.timeZone,
    }).format(d);
  }
  const p = momentParts(d, o);
  return `${p.hour}:${p.minute}${o.seconds ? `:${p.second}` : ''}`;
}

/** A moment in a table or a line: "03-08-2026 14:05" (id), "08/03/2026, 2:05 PM" (en). */
export function formatWaktu(
  at: Date | string | null | undefined,
  lng: Bahasa = 'id',
  o: MomentOptions = {},
): string {
  if (!at) return '';
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return '';
  if (lng !== 'id') {
    return new Intl.DateTimeFormat(localeTag(lng), {
      dateStyle: 'short',
      timeStyle: o.seconds ? 'medium' : 'short',
      timeZone: o.timeZone,
    }).format(d);
  }
  const p = momentParts(d, o);
  return `${p.day}-${p.month}-${p.year} ${formatJam(d, 'id', o)}`;
}

// --- Excel ----------------------------------------------------------------------------------

/**
 * Number formats for Excel cells that hold numbers and dates (never text). A format code is
 * written with the file format's '.' as the decimal sign; Excel and LibreOffice show it with the
 * reader's own separator (65,00 on an Indonesian system). Dates are day-first whatever the
 * reader's locale.
 */
export const EXCEL_FORMAT = {
  bulat: '0',
  desimal1: '0.0',
  desimal2: '0.00',
  tanggal: 'dd-mm-yyyy',
  waktu: 'dd-mm-yyyy hh:mm',
  waktuDetik: 'dd-mm-yyyy hh:mm:ss',
} as const;

/** An ISO date as an Excel date cell's value (UTC midnight: the writer keeps the day as given). */
export function excelTanggal(iso: string | null | undefined): Date | null {
  const p = iso ? parts(iso) : null;
  return p ? utcDate(p) : null;
}

/**
 * A moment as an Excel date-time cell's value. Excel has no time zones: the cell holds the wall
 * clock of `timeZone` (the school's, Asia/Jakarta for the server's exports).
 */
export function excelWaktu(at: Date, timeZone: string): Date {
  const p = momentParts(at, { timeZone });
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

// --- date pickers ---------------------------------------------------------------------------

/** dayjs formats of the date and time pickers: dd-mm-yyyy and 24-hour. */
export const PICKER_FORMAT = { tanggal: 'DD-MM-YYYY', jam: 'HH:mm' } as const;

/**
 * A date typed into a picker, as an ISO date: "03-08-2026" (also 3/8/2026, 03.08.2026) and
 * "2026-08-03" → "2026-08-03"; a day that does not exist (31-02-2026) or other text → null.
 */
export function parseTanggalInput(text: string): string | null {
  const t = text.trim();
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return null;
  const at = new Date(Date.UTC(+y, +m - 1, +d));
  if (at.getUTCFullYear() !== +y || at.getUTCMonth() !== +m - 1 || at.getUTCDate() !== +d) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
