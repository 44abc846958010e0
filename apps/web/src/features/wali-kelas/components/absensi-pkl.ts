import type { AbsensiResponse } from '@erapor/contract/wali-kelas/absensi';
import type { GridDraft } from '../../../components/grade-grid/grid-model';
import type { GridPosition } from '../../../components/grade-grid/navigation';
import { ABSENSI_COLUMNS } from './absensi-draft';

type PklAbsensi = NonNullable<AbsensiResponse['pkl']>[number];

/**
 * "Salin dari PKL" (issue #11 item 3): the cells that take each pupil's PKL Sakit / Izin / Alpa.
 * Applied to the draft they show as unsaved changes for the wali to review and save — never
 * written by themselves (v7 overwrote the homeroom absences silently). Pupils without PKL
 * absences keep what they have.
 */
export function pklCopyUpdates(
  draft: GridDraft,
  pkl: ReadonlyMap<string, PklAbsensi>,
): (GridPosition & { value: string })[] {
  return draft.rowIds.flatMap((id, row) => {
    const p = pkl.get(id);
    if (!p) return [];
    return ABSENSI_COLUMNS.map((jenis) => ({
      row,
      col: draft.columnIds.indexOf(jenis),
      value: String(p[jenis]),
    }));
  });
}
