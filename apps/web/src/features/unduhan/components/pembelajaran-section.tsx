import type { UnduhanEntry } from '@erapor/contract/unduhan/katalog';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AsesmenShell } from '../../../components/asesmen-shell/asesmen-shell';
import { useTranslation } from '../../../lib/i18n';
import { getTpSumber } from '../../../lib/pilihan-api';
import { useView } from '../../../lib/view-search';
import { EntryList } from './entry-list';

/**
 * Template Penilaian: the grade-entry header (Tingkat → Rombel → Mata Pelajaran among what the
 * teacher teaches, kept in the URL as on the grade screens), then the templates of that subject.
 * The Template TP also needs the subject's CP/KD (`cp` in the URL, "cp:12" / "kd:…").
 */
export function PembelajaranSection({ entries }: { entries: readonly UnduhanEntry[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('unduhan.penilaian.hint')}
      </Text>
      <AsesmenShell>
        {({ pembelajaranId }) => <PembelajaranEntries pembelajaranId={pembelajaranId} entries={entries} />}
      </AsesmenShell>
    </Stack>
  );
}

function PembelajaranEntries({
  pembelajaranId,
  entries,
}: {
  pembelajaranId: string;
  entries: readonly UnduhanEntry[];
}) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const needsCp = entries.some((e) => e.params.includes('cp'));
  const sumber = useQuery({
    queryKey: ['kurikulum', 'tp', 'sumber', pembelajaranId],
    queryFn: () => getTpSumber(pembelajaranId),
    enabled: needsCp,
  });
  const options = (sumber.data?.data ?? []).map((s) => ({
    value: `${sumber.data?.jenis}:${s.id}`,
    label: `${s.kode} — ${s.deskripsi}`.slice(0, 160),
  }));
  // A CP of another subject (the URL kept it while the subject changed) is simply not chosen.
  const cp = options.some((o) => o.value === view.cp) ? (view.cp ?? '') : '';
  return (
    <Stack gap="sm">
      {needsCp ? (
        <Select
          label={t('unduhan.penilaian.cp')}
          placeholder={t('unduhan.pilih')}
          data={options}
          value={cp || null}
          onChange={(v) => setView({ cp: v }, { replace: true })}
          searchable
          nothingFoundMessage={t('unduhan.penilaian.cpEmpty')}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="unduhan-cp"
        />
      ) : null}
      <EntryList entries={entries} values={{ pembelajaran: pembelajaranId, cp }} />
    </Stack>
  );
}
