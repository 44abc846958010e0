import type { RiwayatNilaiRow } from '@erapor/contract/riwayat-nilai';
import { Modal } from '@mantine/core';
import { use } from 'react';
import { loadAreaMessages, useTranslation } from '../../lib/i18n';
import { listRiwayat, RIWAYAT_NILAI_KEY } from '../../lib/riwayat-nilai-api';
import { ServerTable } from '../data-table';
import { Z } from '../z-index';
import { riwayatColumns } from './riwayat-columns';

// The grade screens that open this dialog are of another area: its strings load with the module.
const messages = loadAreaMessages('riwayat-nilai');

export interface RiwayatCell {
  pembelajaranId: string;
  anggotaRombelId: string;
  /** The cell's key as the history records it (a TP id, 'tes', 'nilai_akhir'…). */
  kunci: string;
  /** "Nama — Kolom", the dialog's title. */
  name: string;
}

/**
 * A grade cell's Riwayat Perubahan Nilai (issue #16 item 5), newest first, in a dialog: the
 * same API as the screen, narrowed to the subject, the pupil and the cell.
 */
export function RiwayatCellModal({ cell, onClose }: { cell: RiwayatCell | null; onClose: () => void }) {
  return (
    <Modal
      opened={cell !== null}
      onClose={onClose}
      title={cell?.name}
      size="xl"
      zIndex={Z.modal}
      data-testid="riwayat-cell-modal"
    >
      {cell ? <CellHistory cell={cell} /> : null}
    </Modal>
  );
}

function CellHistory({ cell }: { cell: RiwayatCell }) {
  use(messages);
  const { t } = useTranslation();
  return (
    <ServerTable<RiwayatNilaiRow>
      queryKey={[...RIWAYAT_NILAI_KEY, 'cell']}
      fetchPage={listRiwayat}
      columns={riwayatColumns(t, true)}
      idAccessor="riwayat_nilai_id"
      params={{
        pembelajaran_id: cell.pembelajaranId,
        anggota_rombel_id: cell.anggotaRombelId,
        kunci: cell.kunci,
      }}
      defaultSort={{ columnAccessor: 'waktu', direction: 'desc' }}
      inUrl={false}
      testId="riwayat-cell-table"
    />
  );
}
