import type { RiwayatNilaiRow } from '@erapor/contract/riwayat-nilai';
import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ServerTable } from '../../../components/data-table';
import { TanggalInput } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { optionValues, useKnownChoice } from '../../../components/known-choice';
import { riwayatColumns } from '../../../components/riwayat-nilai/riwayat-columns';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import {
  downloadRiwayatExcel,
  getOpsiRiwayat,
  listRiwayat,
  RIWAYAT_NILAI_KEY,
} from '../../../lib/riwayat-nilai-api';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Riwayat Perubahan Nilai (/riwayat-nilai; issue #16 item 5; docs/decisions/045): every recorded
 * grade change the user may read, searched by class, subject, pupil, who changed it and a date
 * range; every filter lives in the URL (decision 025). The server decides the scope (a teacher:
 * their subjects; a homeroom teacher: their class) and answers 403 for anything outside it.
 */
export function RiwayatScreen() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const opsi = useQuery({
    queryKey: [...RIWAYAT_NILAI_KEY, 'opsi', view.rombel ?? ''],
    queryFn: () => getOpsiRiwayat(view.rombel),
  });
  const rombelOk = useKnownChoice('rombel', view.rombel, optionValues(opsi.data?.rombel), setView);
  const mapelOk = useKnownChoice(
    'mapel',
    view.mapel,
    opsi.isFetching ? undefined : optionValues(opsi.data?.pembelajaran),
    setView,
  );
  const penggunaOk = useKnownChoice('pengguna', view.pengguna, optionValues(opsi.data?.pengguna), setView);
  const dari = view.dari && DATE.test(view.dari) ? view.dari : undefined;
  const sampai = view.sampai && DATE.test(view.sampai) ? view.sampai : undefined;
  const params = {
    rombongan_belajar_id: view.rombel,
    pembelajaran_id: view.mapel,
    peserta_didik_id: view.rombel ? view.pd : undefined,
    user_id: view.pengguna,
    dari,
    sampai,
  };
  const ready = rombelOk && mapelOk && penggunaOk;
  const excel = useMutation({
    mutationFn: () => downloadRiwayatExcel({ ...params, q: view.q }),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const select = (
    key: 'rombel' | 'mapel' | 'pd' | 'pengguna',
    label: string,
    data: { value: string; label: string }[],
    w: number,
    extra: Record<string, null> = {},
  ) => (
    <Select
      label={label}
      placeholder={t('riwayat-nilai.semua')}
      data={data.map(({ value, label }) => ({ value, label }))}
      value={view[key] ?? null}
      onChange={(v) => setView({ [key]: v, ...extra })}
      clearable
      searchable
      w={w}
      maw="100%"
      data-testid={`filter-${key}`}
    />
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm" align="end" wrap="wrap" data-testid="riwayat-filters">
          {select('rombel', t('riwayat-nilai.filter.rombel'), opsi.data?.rombel ?? [], 180, {
            mapel: null,
            pd: null,
          })}
          {select('mapel', t('riwayat-nilai.filter.mapel'), opsi.data?.pembelajaran ?? [], 280)}
          {view.rombel
            ? select('pd', t('riwayat-nilai.filter.pd'), opsi.data?.peserta_didik ?? [], 240)
            : null}
          {select('pengguna', t('riwayat-nilai.filter.pengguna'), opsi.data?.pengguna ?? [], 220)}
          <TanggalInput
            label={t('riwayat-nilai.filter.dari')}
            value={view.dari ?? ''}
            onChange={(v) => setView({ dari: v || null })}
            w={170}
            data-testid="filter-dari"
          />
          <TanggalInput
            label={t('riwayat-nilai.filter.sampai')}
            value={view.sampai ?? ''}
            onChange={(v) => setView({ sampai: v || null })}
            error={dari && sampai && sampai < dari ? t('riwayat-nilai.rentangSalah') : undefined}
            w={170}
            data-testid="filter-sampai"
          />
          <Button
            variant="light"
            loading={excel.isPending}
            onClick={() => excel.mutate()}
            disabled={!ready}
            data-testid="unduh-excel"
          >
            {t('riwayat-nilai.unduhExcel')}
          </Button>
        </Group>
        {opsi.isError ? <ErrorAlert title={t('riwayat-nilai.loadFailed')} error={opsi.error} /> : null}
        <ServerTable<RiwayatNilaiRow>
          queryKey={[...RIWAYAT_NILAI_KEY, 'list']}
          fetchPage={listRiwayat}
          columns={riwayatColumns(t)}
          idAccessor="riwayat_nilai_id"
          params={params}
          enabled={ready && !(dari && sampai && sampai < dari)}
          defaultSort={{ columnAccessor: 'waktu', direction: 'desc' }}
          testId="riwayat-table"
        />
      </Stack>
    </Card>
  );
}
