import type { RombelRow } from '@erapor/contract/referensi/rombel';
import { Button, Select } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { optionValues, useKnownChoice } from '../../../../components/known-choice';
import { useTranslation } from '../../../../lib/i18n';
import { useView } from '../../../../lib/view-search';
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
  const [anggotaId, setAnggotaId] = useState<string | null>(null);
  const [pembelajaranId, setPembelajaranId] = useState<string | null>(null);
  // The filters live in the URL (lib/view-search); a stale one is cleared before it is sent.
  const [view, setView] = useView();
  const options = useQuery({
    queryKey: [...ROMBEL_KEY, 'filter', jenis, view.tingkat],
    queryFn: () => getRombelFilter({ jenis_rombel: jenis, tingkat: view.tingkat }),
    placeholderData: keepPreviousData,
  });
  const stale = options.isPlaceholderData;
  const tingkatOk = useKnownChoice(
    'tingkat',
    view.tingkat,
    optionValues(options.data?.tingkat, stale),
    setView,
    ['jurusan'],
  );
  const jurusanOk = useKnownChoice(
    'jurusan',
    view.jurusan,
    optionValues(options.data?.jurusan, stale),
    setView,
  );
  const tingkat = view.tingkat ?? null;
  const jurusan = view.jurusan ?? null;

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
        enabled={tingkatOk && jurusanOk}
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
              onChange={(v) => setView({ tingkat: v, jurusan: null })}
              clearable
              w={200}
              data-testid="filter-tingkat"
            />
            <Select
              aria-label={t('referensi.pd.filter.jurusan')}
              placeholder={t('referensi.pd.filter.jurusan')}
              data={options.data?.jurusan ?? []}
              value={jurusan}
              onChange={(v) => setView({ jurusan: v })}
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
