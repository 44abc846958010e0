import type { UnduhanEntry } from '@erapor/contract/unduhan/katalog';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { getCetakRapor } from '../../../lib/pilihan-api';
import { useView } from '../../../lib/view-search';
import { EntryList } from './entry-list';

/**
 * Rapor & Leger: a regular class the user may print (the wali's own; the Waka and the admin any:
 * the print page's own list) and one of its pupils. `kelas` and `pd` live in the URL. The P5
 * report is offered only for a class that prints one (Merdeka, before 20251).
 */
export function CetakSection({ entries }: { entries: readonly UnduhanEntry[] }) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const page = useQuery({
    queryKey: ['cetak', 'rapor', view.kelas ?? null],
    queryFn: () => getCetakRapor(view.kelas ?? null),
    placeholderData: keepPreviousData,
  });
  if (page.isError) return <ErrorAlert title={t('unduhan.cetak.gagal')} error={page.error} />;
  const data = page.data;
  const rombel = data?.rombel.rombongan_belajar_id ?? '';
  const anggota = data?.data.some((s) => s.anggota_rombel_id === view.pd) ? (view.pd ?? '') : '';
  const shown = entries.filter((e) => !e.p5 || data?.rombel.rapor_p5);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('unduhan.cetak.kelas')}
          placeholder={t('unduhan.pilih')}
          data={data?.kelas.map((k) => ({ value: k.value, label: k.label })) ?? []}
          value={rombel || null}
          onChange={(v) => setView({ kelas: v, pd: null })}
          searchable
          allowDeselect={false}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-kelas"
        />
        <Select
          label={t('unduhan.cetak.pesertaDidik')}
          placeholder={t('unduhan.pilih')}
          data={
            data?.data.map((s) => ({ value: s.anggota_rombel_id, label: `${s.nama} (${s.nisn ?? '-'})` })) ??
            []
          }
          value={anggota || null}
          onChange={(v) => setView({ pd: v }, { replace: true })}
          searchable
          disabled={!rombel}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-pd"
        />
      </SimpleGrid>
      <EntryList entries={shown} values={{ rombel, anggota }} />
    </Stack>
  );
}
