import type { LegerKelas } from '@erapor/contract/cetak/leger';
import { Alert, Button, Card, Group, Loader, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useKnownChoice } from '../../../components/known-choice';
import { BUS_EVENTS, emit, useBusEvent } from '../../../lib/event-bus';
import { httpErrorMessage } from '../../../lib/http-errors';
import { loadAreaMessages, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { downloadLeger, getLeger, getLegerKelas, LEGER_KEY } from '../api/leger-api';
import { LegerTable } from './leger-table';

/** The ledger's strings live in the cetak area, which neither wali-kelas nor monitoring screens load. */
function useLegerMessages(): void {
  useEffect(() => {
    void loadAreaMessages('cetak');
  }, []);
}

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
  useLegerMessages();
  const { t } = useTranslation();
  const def = useRouteDef();
  const { userData } = useSession();
  const [view, setView] = useView();
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
  const tingkatOptions = useMemo(
    () =>
      [...new Set((all ?? []).map((k) => k.tingkat))].map((v) => ({
        value: String(v),
        label: t('cetak.leger.tingkatLabel', { tingkat: v }),
      })),
    [all, t],
  );
  const rombelOptions = useMemo(() => {
    const label = (k: LegerKelas) =>
      k.jenis_rombel === 16 ? t('cetak.leger.pilihanLabel', { nama: k.nama }) : k.nama;
    return (all ?? [])
      .filter((k) => mode === 'wali' || String(k.tingkat) === view.tingkat)
      .map((k) => ({ value: k.rombongan_belajar_id, label: label(k) }));
  }, [all, mode, view.tingkat, t]);

  // The wali's choice is `kelas` (default: their first class); the Waka's `tingkat` → `rombel`.
  const key = mode === 'wali' ? 'kelas' : 'rombel';
  const chosenRaw = mode === 'wali' ? view.kelas : view.rombel;
  const tingkatKnown = useKnownChoice(
    'tingkat',
    mode === 'waka' ? view.tingkat : undefined,
    all ? tingkatOptions.map((o) => o.value) : undefined,
    setView,
    ['rombel'],
  );
  const chosenKnown = useKnownChoice(
    key,
    chosenRaw,
    all && tingkatKnown ? rombelOptions.map((o) => o.value) : undefined,
    setView,
  );
  const chosen =
    (chosenKnown ? chosenRaw : undefined) ?? (mode === 'wali' ? rombelOptions[0]?.value : undefined) ?? null;

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
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              label={t('cetak.leger.tahunPelajaran')}
              value={userData?.semester.nama ?? ''}
              readOnly
              w={200}
            />
            {mode === 'waka' ? (
              <Select
                label={t('cetak.leger.tingkat')}
                placeholder={t('cetak.leger.tingkatPlaceholder')}
                data={tingkatOptions}
                value={tingkatKnown ? (view.tingkat ?? null) : null}
                onChange={(v) => setView({ tingkat: v, rombel: null })}
                w={180}
                data-testid="leger-tingkat"
              />
            ) : null}
            <Select
              label={t('cetak.leger.rombel')}
              placeholder={t('cetak.leger.rombelPlaceholder')}
              data={rombelOptions}
              value={chosen}
              onChange={(v) => setView({ [key]: v })}
              allowDeselect={false}
              disabled={mode === 'waka' ? !view.tingkat : rombelOptions.length < 2}
              searchable
              w={300}
              data-testid="leger-rombel"
            />
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
          </Group>
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
