import type { UnduhanEntry } from '@erapor/contract/unduhan/katalog';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { getCetakPkl } from '../../../lib/pilihan-api';
import { useView } from '../../../lib/view-search';
import { EntryList } from './entry-list';

/**
 * Rapor PKL: a class with a placement the user reads (Cetak Rapor PKL's own list: the pembimbing
 * their plans, the wali their class, the Waka and the admin all), one of its placements (DUDI) and
 * one of that placement's pupils. `kelas`, `dudi` (the plan) and `pd` live in the URL.
 */
export function PklSection({ entries }: { entries: readonly UnduhanEntry[] }) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const page = useQuery({
    queryKey: ['unduhan', 'pkl', view.kelas ?? null],
    queryFn: () => getCetakPkl(view.kelas ?? null),
    placeholderData: keepPreviousData,
  });
  if (page.isError) return <ErrorAlert title={t('unduhan.pkl.gagal')} error={page.error} />;
  const data = page.data;
  const kelas = data?.kelas.some((k) => k.value === view.kelas) ? (view.kelas ?? '') : '';
  const plans = kelas ? (data?.rencana ?? []) : [];
  const pkl = plans.some((p) => p.pkl_id === view.dudi) ? (view.dudi ?? '') : '';
  const pupils = pkl ? (data?.data ?? []).filter((s) => s.penempatan.some((p) => p.pkl_id === pkl)) : [];
  const pd = pupils.some((s) => s.peserta_didik_id === view.pd) ? (view.pd ?? '') : '';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('unduhan.cetak.kelas')}
          placeholder={t('unduhan.pilih')}
          data={data?.kelas ?? []}
          value={kelas || null}
          onChange={(v) => setView({ kelas: v, dudi: null, pd: null })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('unduhan.pkl.kosong')}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-pkl-kelas"
        />
        <Select
          label={t('unduhan.pkl.penempatan')}
          placeholder={t('unduhan.pilih')}
          data={plans.map((p) => ({ value: p.pkl_id, label: p.nama_dudi }))}
          value={pkl || null}
          onChange={(v) => setView({ dudi: v, pd: null })}
          searchable
          disabled={!kelas}
          allowDeselect={false}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-pkl-dudi"
        />
        <Select
          label={t('unduhan.cetak.pesertaDidik')}
          placeholder={t('unduhan.pilih')}
          data={pupils.map((s) => ({ value: s.peserta_didik_id, label: `${s.nama} (${s.nisn ?? '-'})` }))}
          value={pd || null}
          onChange={(v) => setView({ pd: v }, { replace: true })}
          searchable
          disabled={!pkl}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-pkl-pd"
        />
      </SimpleGrid>
      <EntryList entries={entries} values={{ pkl, pd }} />
    </Stack>
  );
}
