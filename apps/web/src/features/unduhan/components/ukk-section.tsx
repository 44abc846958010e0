import type { UnduhanEntry } from '@erapor/contract/unduhan/katalog';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { getSertifikatPilihan } from '../../../lib/pilihan-api';
import { useView } from '../../../lib/view-search';
import { EntryList } from './entry-list';

/**
 * Sertifikat UKK: a plan whose certificates the user prints (a Kaprog and the Waka every plan of
 * the school, an examiner their own; none run by an LSP) and one of its scored pupils. `rencana`
 * and `pd` live in the URL.
 */
export function UkkSection({ entries }: { entries: readonly UnduhanEntry[] }) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const page = useQuery({
    queryKey: ['unduhan', 'sertifikat', view.rencana ?? null],
    queryFn: () => getSertifikatPilihan(view.rencana ?? null),
    placeholderData: keepPreviousData,
  });
  if (page.isError) return <ErrorAlert title={t('unduhan.ukk.gagal')} error={page.error} />;
  const data = page.data;
  const ukk = data?.rencana.some((r) => r.value === view.rencana) ? (view.rencana ?? '') : '';
  const anggota = ukk && data?.data.some((s) => s.anggota_rombel_id === view.pd) ? (view.pd ?? '') : '';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('unduhan.ukk.rencana')}
          placeholder={t('unduhan.pilih')}
          data={data?.rencana ?? []}
          value={ukk || null}
          onChange={(v) => setView({ rencana: v, pd: null })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('unduhan.ukk.kosong')}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-rencana"
        />
        <Select
          label={t('unduhan.ukk.pesertaDidik')}
          placeholder={t('unduhan.pilih')}
          data={
            ukk
              ? (data?.data.map((s) => ({
                  value: s.anggota_rombel_id,
                  label: `${s.nama} (${s.nisn ?? '-'})`,
                })) ?? [])
              : []
          }
          value={anggota || null}
          onChange={(v) => setView({ pd: v }, { replace: true })}
          searchable
          disabled={!ukk}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-ukk-pd"
        />
      </SimpleGrid>
      <EntryList entries={entries} values={{ ukk, anggota }} />
    </Stack>
  );
}
