import type { RombelRow } from '@erapor/contract/referensi/rombel';
import { Button, Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { useTranslation } from '../../../../lib/i18n';
import { getRombelFilter, listRombel, ROMBEL_KEY } from '../../api/rombel-api';
import { AnggotaModal } from './anggota-modal';
import { PembelajaranModal } from './pembelajaran-modal';

/**
 * Rombongan belajar reguler (jenis 1) and matpel pilihan (jenis 16) (reference-screens §6.2):
 * filtered by tingkat and jurusan, searched, sorted and paginated by the server; members and
 * the pembelajaran grid in modals.
 */
export function RombelScreen({ jenis }: { jenis: 1 | 16 }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [tingkat, setTingkat] = useState<string | null>(null);
  const [jurusan, setJurusan] = useState<string | null>(null);
  const [anggotaId, setAnggotaId] = useState<string | null>(null);
  const [pembelajaranId, setPembelajaranId] = useState<string | null>(null);
  const options = useQuery({
    queryKey: [...ROMBEL_KEY, 'filter', jenis, tingkat],
    queryFn: () => getRombelFilter({ jenis_rombel: jenis, tingkat: tingkat ?? undefined }),
  });

  const columns: ServerTableColumn<RombelRow>[] = [
    { accessor: 'nama', title: t('referensi.rombel.columns.nama'), sortable: true },
    { accessor: 'wali_kelas', title: t('referensi.rombel.columns.wali'), sortable: true },
    { accessor: 'tingkat', title: t('referensi.rombel.columns.tingkat'), sortable: true, width: 90 },
    { accessor: 'jurusan', title: t('referensi.rombel.columns.jurusan'), sortable: true },
    { accessor: 'kurikulum', title: t('referensi.rombel.columns.kurikulum'), sortable: true },
    {
      accessor: 'anggota',
      title: t('referensi.rombel.columns.anggota'),
      width: 140,
      render: (r) => (
        <Button
          size="compact-sm"
          color="green"
          onClick={() => setAnggotaId(r.rombongan_belajar_id)}
          data-testid="rombel-anggota"
        >
          {t('referensi.rombel.anggotaButton', { count: r.jumlah_anggota })}
        </Button>
      ),
    },
    {
      accessor: 'pembelajaran',
      title: t('referensi.rombel.columns.pembelajaran'),
      width: 140,
      render: (r) => (
        <Button
          size="compact-sm"
          color="green"
          onClick={() => setPembelajaranId(r.rombongan_belajar_id)}
          data-testid="rombel-pembelajaran"
        >
          {t('referensi.rombel.pembelajaranButton')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ServerTable<RombelRow>
        queryKey={[...ROMBEL_KEY, 'list', jenis]}
        fetchPage={(q) => listRombel({ ...q, jenis_rombel: jenis })}
        columns={columns}
        idAccessor="rombongan_belajar_id"
        params={{ tingkat: tingkat ?? undefined, jurusan_sp_id: jurusan ?? undefined }}
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        searchPlaceholder={t('referensi.rombel.search')}
        testId="rombel-table"
        toolbar={
          <>
            <Select
              aria-label={t('referensi.pd.filter.tingkat')}
              placeholder={t('referensi.pd.filter.tingkat')}
              data={options.data?.tingkat ?? []}
              value={tingkat}
              onChange={(v) => {
                setTingkat(v);
                setJurusan(null);
              }}
              clearable
              w={200}
              data-testid="filter-tingkat"
            />
            <Select
              aria-label={t('referensi.pd.filter.jurusan')}
              placeholder={t('referensi.pd.filter.jurusan')}
              data={options.data?.jurusan ?? []}
              value={jurusan}
              onChange={setJurusan}
              clearable
              searchable
              w={260}
              data-testid="filter-jurusan"
            />
          </>
        }
      />
      <AnggotaModal
        rombelId={anggotaId}
        onClose={() => setAnggotaId(null)}
        onChanged={() => void qc.invalidateQueries({ queryKey: [...ROMBEL_KEY, 'list'] })}
      />
      <PembelajaranModal rombelId={pembelajaranId} onClose={() => setPembelajaranId(null)} />
    </>
  );
}
