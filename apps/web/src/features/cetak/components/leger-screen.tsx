import { Alert, Button, Card, Loader, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { use, useMemo } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { BUS_EVENTS, emit, useBusEvent } from '../../../lib/event-bus';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { toast } from '../../../lib/toast';
import { downloadLeger, getLeger, getLegerKelas, LEGER_KEY } from '../api/leger-api';
import { cetakMessages } from '../messages';
import { LegerTable } from './leger-table';
import { RombelPicker, useRombelPick } from './rombel-picker';

/**
 * Unduh Leger (reference-screens §13.2; docs/decisions/030-unduh-leger.md).
 * - `wali`: the class of the wali (and, for a pilihan wali, their elective class) in `?kelas=`; the
 *   header's "Unduh Legger" downloads.
 * - `waka` (Waka, admin): Tahun Pelajaran (the login's) → Tingkat (`?tingkat=`) → Rombongan
 *   Belajar (`?rombel=`), and an in-page "Unduh Leger" button.
 * Both show the preview of the same rows the xlsx holds; "Jumlah, Rata-rata, Peringkat" adds
 * the promotion meeting's columns to both.
 */
export function LegerScreen({ mode }: { mode: 'wali' | 'waka' }) {
  use(cetakMessages);
  const { t } = useTranslation();
  const def = useRouteDef();
  // The switch lives in the URL too (decision 025): `?ringkasan=1`, a key view-search passes through.
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const ringkasan = String(search.ringkasan ?? '') === '1';
  const setRingkasan = (on: boolean) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, ringkasan: on ? '1' : undefined }),
      replace: true,
    } as never);

  const kelas = useQuery({ queryKey: [...LEGER_KEY, 'kelas'], queryFn: getLegerKelas });
  const all = kelas.data?.data;
  // An elective class (jenis 16) is named as such: its ledger holds the elective subjects only.
  const options = useMemo(
    () =>
      all?.map((k) => ({
        value: k.rombongan_belajar_id,
        label: k.jenis_rombel === 16 ? t('cetak.leger.pilihanLabel', { nama: k.nama }) : k.nama,
        tingkat: k.tingkat,
      })),
    [all, t],
  );
  const pick = useRombelPick(mode, options);
  const chosen = pick.chosen;

  const leger = useQuery({
    queryKey: [...LEGER_KEY, chosen, ringkasan],
    queryFn: () => getLeger(chosen ?? '', ringkasan),
    enabled: !!chosen,
  });

  const download = useMutation({
    mutationFn: () => downloadLeger(chosen ?? '', ringkasan),
    onMutate: () => emit(BUS_EVENTS.loading, true),
    onSettled: () => emit(BUS_EVENTS.loading, false),
    onSuccess: (name) => toast.success(t('cetak.leger.downloaded', { name })),
    onError: (e) => toast.error(t('cetak.leger.downloadFailed'), httpErrorMessage(e, t), 'long'),
  });
  const start = () => {
    if (!chosen) {
      toast.info(t('cetak.leger.chooseFirst'));
      return;
    }
    if (!download.isPending) download.mutate();
  };
  useBusEvent(mode === 'wali' ? def?.addButton?.action : undefined, start);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <RombelPicker pick={pick} testId="leger">
            {mode === 'waka' ? (
              <Button
                color="green"
                onClick={start}
                loading={download.isPending}
                disabled={!chosen}
                data-testid="leger-unduh"
              >
                {t('cetak.leger.unduh')}
              </Button>
            ) : null}
          </RombelPicker>
          <Switch
            checked={ringkasan}
            onChange={(e) => setRingkasan(e.currentTarget.checked)}
            label={t('cetak.leger.ringkasan')}
            description={t('cetak.leger.ringkasanHint')}
            data-testid="leger-ringkasan"
          />
        </Stack>
      </Card>
      {kelas.isError ? <ErrorAlert title={t('cetak.leger.loadFailed')} error={kelas.error} /> : null}
      {all && all.length === 0 ? <Alert color="yellow">{t('cetak.leger.noClass')}</Alert> : null}
      {!chosen && mode === 'waka' && all && all.length > 0 ? (
        <Text c="dimmed" data-testid="leger-choose">
          {t('cetak.leger.chooseFirst')}
        </Text>
      ) : null}
      {leger.isError ? <ErrorAlert title={t('cetak.leger.loadFailed')} error={leger.error} /> : null}
      {kelas.isPending || (chosen && leger.isPending) ? <Loader /> : null}
      {leger.data && chosen ? <LegerTable leger={leger.data} /> : null}
    </Stack>
  );
}
