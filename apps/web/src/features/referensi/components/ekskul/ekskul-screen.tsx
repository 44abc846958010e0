import type { EkskulRow } from '@erapor/contract/referensi/ekskul';
import { Badge, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { useTranslation } from '../../../../lib/i18n';
import { EKSKUL_KEY, listEkskul } from '../../api/ekskul-api';
import { AnggotaModal } from '../rombel/anggota-modal';

/**
 * The school's extracurriculars (reference-screens §6.5) with pembina and prasarana; "Detil"
 * shows the members (the anggota of the ekskul's jenis-51 rombel).
 */
export function EkskulScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rombelId, setRombelId] = useState<string | null>(null);
  const columns: ServerTableColumn<EkskulRow>[] = [
    { accessor: 'nama_ekskul', title: t('referensi.ekskul.columns.nama'), sortable: true },
    { accessor: 'pembina', title: t('referensi.ekskul.columns.pembina'), sortable: true },
    { accessor: 'alamat_ekskul', title: t('referensi.ekskul.columns.prasarana'), sortable: true },
    {
      accessor: 'jumlah_anggota',
      title: t('referensi.ekskul.columns.anggota'),
      sortable: true,
      width: 170,
      render: (r) => (
        <Button
          size="compact-sm"
          color="blue"
          disabled={!r.rombongan_belajar_id}
          onClick={() => setRombelId(r.rombongan_belajar_id)}
          rightSection={
            <Badge size="sm" color="white" c="blue">
              {r.jumlah_anggota}
            </Badge>
          }
          data-testid="ekskul-anggota"
        >
          {t('referensi.ekskul.detail')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ServerTable<EkskulRow>
        queryKey={[...EKSKUL_KEY, 'list']}
        fetchPage={listEkskul}
        columns={columns}
        idAccessor="ekstrakurikuler_id"
        defaultSort={{ columnAccessor: 'nama_ekskul', direction: 'asc' }}
        searchPlaceholder={t('referensi.ekskul.search')}
        testId="ekskul-table"
      />
      <AnggotaModal
        rombelId={rombelId}
        onClose={() => setRombelId(null)}
        onChanged={() => void qc.invalidateQueries({ queryKey: [...EKSKUL_KEY, 'list'] })}
      />
    </>
  );
}
