import type { PdRow } from '@erapor/contract/referensi/peserta-didik';
import { Button, Select } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { optionValues, useKnownChoice } from '../../../../components/known-choice';
import { useTranslation } from '../../../../lib/i18n';
import { hasRole, useSession } from '../../../../lib/session';
import { useView } from '../../../../lib/view-search';
import { getPdFilter, listPd, PD_KEY } from '../../api/peserta-didik-api';
import { placeAndDate } from './format';
import { PdDetailModal } from './pd-detail-modal';
import { UsulanBiodata } from './usulan-biodata';

/**
 * PD Aktif and PD Keluar (reference-screens §6.3). The server searches (nama, NISN, NIS, NIK),
 * sorts, paginates and decides who sees whom (a wali kelas: their class; a pupil: themself).
 * Aktif has the cascading filters tingkat → jurusan → rombel, their options from the server.
 */
export function PdScreen({ status }: { status: 'aktif' | 'keluar' }) {
  const { t } = useTranslation();
  const session = useSession();
  const [detailId, setDetailId] = useState<string | null>(null);
  const pupil = hasRole('siswa', session) && !hasRole('admin', session);
  const withFilters = status === 'aktif' && !pupil;
  // Pupils' proposed Biodata corrections wait here for the administrator or their wali kelas.
  const decides = status === 'aktif' && (hasRole('admin', session) || hasRole('wali', session));
  // The filters live in the URL (lib/view-search); a stale one is cleared before it is sent.
  const [view, setView] = useView();
  const options = useQuery({
    queryKey: [...PD_KEY, 'filter', view.tingkat, view.jurusan],
    queryFn: () => getPdFilter({ tingkat: view.tingkat, jurusan_sp_id: view.jurusan }),
    enabled: withFilters,
    placeholderData: keepPreviousData,
  });
  const stale = options.isPlaceholderData;
  const tingkatOk = useKnownChoice(
    'tingkat',
    withFilters ? view.tingkat : undefined,
    optionValues(options.data?.tingkat, stale),
    setView,
    ['jurusan', 'rombel'],
  );
  const jurusanOk = useKnownChoice(
    'jurusan',
    withFilters ? view.jurusan : undefined,
    optionValues(options.data?.jurusan, stale),
    setView,
    ['rombel'],
  );
  const rombelOk = useKnownChoice(
    'rombel',
    withFilters ? view.rombel : undefined,
    optionValues(options.data?.rombel, stale),
    setView,
  );
  const ready = !withFilters || (tingkatOk && jurusanOk && rombelOk);
  const tingkat = withFilters ? (view.tingkat ?? null) : null;
  const jurusan = withFilters ? (view.jurusan ?? null) : null;
  const rombel = withFilters ? (view.rombel ?? null) : null;

  const columns: ServerTableColumn<PdRow>[] = [
    { accessor: 'nama', title: t('referensi.pd.columns.nama'), sortable: true },
    { accessor: 'nisn', title: t('referensi.pd.columns.nisn'), sortable: true, width: 130 },
    { accessor: 'jenis_kelamin', title: t('referensi.pd.columns.jk'), sortable: true, width: 80 },
    {
      accessor: 'tanggal_lahir',
      title: t('referensi.pd.columns.ttl'),
      sortable: true,
      render: (r) => placeAndDate(r.tempat_lahir, r.tanggal_lahir),
    },
    { accessor: 'agama', title: t('referensi.pd.columns.agama'), sortable: true },
    { accessor: 'kelas', title: t('referensi.pd.columns.kelas'), sortable: true },
    {
      accessor: 'aksi',
      title: t('referensi.pd.columns.aksi'),
      width: 100,
      render: (r) => (
        <Button
          size="compact-sm"
          color="yellow"
          data-testid="pd-detail-button"
          onClick={() => setDetailId(r.peserta_didik_id)}
        >
          {t('referensi.pd.detail')}
        </Button>
      ),
    },
  ];

  const toolbar = withFilters ? (
    <>
      <Select
        aria-label={t('referensi.pd.filter.tingkat')}
        placeholder={t('referensi.pd.filter.tingkat')}
        data={options.data?.tingkat ?? []}
        value={tingkat}
        onChange={(v) => setView({ tingkat: v, jurusan: null, rombel: null })}
        clearable
        w={200}
        data-testid="filter-tingkat"
      />
      <Select
        aria-label={t('referensi.pd.filter.jurusan')}
        placeholder={t('referensi.pd.filter.jurusan')}
        data={options.data?.jurusan ?? []}
        value={jurusan}
        onChange={(v) => setView({ jurusan: v, rombel: null })}
        disabled={!tingkat}
        clearable
        searchable
        w={260}
        data-testid="filter-jurusan"
      />
      <Select
        aria-label={t('referensi.pd.filter.rombel')}
        placeholder={t('referensi.pd.filter.rombel')}
        data={options.data?.rombel ?? []}
        value={rombel}
        onChange={(v) => setView({ rombel: v })}
        disabled={!tingkat}
        clearable
        searchable
        w={200}
        data-testid="filter-rombel"
      />
    </>
  ) : undefined;

  return (
    <>
      {decides ? <UsulanBiodata /> : null}
      <ServerTable<PdRow>
        queryKey={[...PD_KEY, 'list', status]}
        fetchPage={(q) => listPd({ ...q, status })}
        columns={columns}
        idAccessor="peserta_didik_id"
        params={{
          tingkat: tingkat ?? undefined,
          jurusan_sp_id: jurusan ?? undefined,
          rombongan_belajar_id: rombel ?? undefined,
        }}
        enabled={ready}
        toolbar={toolbar}
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        searchPlaceholder={t('referensi.pd.search')}
        testId="pd-table"
      />
      <PdDetailModal pesertaDidikId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
