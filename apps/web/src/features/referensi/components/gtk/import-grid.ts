import {
  checkGtkInput,
  type GtkField,
  type GtkInput,
  type LocalGtkKind,
} from '@erapor/contract/referensi/gtk';

/** One row of the import grid: its values and the message on each invalid cell. */
export interface GridCells {
  values: GtkInput;
  errors: Partial<Record<string, string>>;
}

/** The server's `details` of a refused save (`rows.3.nik` → row index 3, field nik). */
export function splitDetails(details: Record<string, string>): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  for (const [key, message] of Object.entries(details)) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    out.set(i, { ...out.get(i), [m[2] as string]: message });
  }
  return out;
}

/**
 * A cell edited in the grid: the contract's checks run again on the whole row at once (a new birth
 * date may make the NIK wrong); a database check (e-mail taken, unknown region...) stays on its
 * cell until that cell is edited or the server answers again.
 */
export function editCell(
  row: GridCells,
  field: GtkField,
  value: string | number | null,
  kind: LocalGtkKind,
): GridCells {
  const values = { ...row.values, [field]: value } as GtkInput;
  const before = checkGtkInput(row.values, kind);
  const kept: Partial<Record<string, string>> = {};
  for (const [f, message] of Object.entries(row.errors)) {
    if (f !== field && before[f as GtkField] !== message) kept[f] = message;
  }
  return { values, errors: { ...checkGtkInput(values, kind), ...kept } };
}
