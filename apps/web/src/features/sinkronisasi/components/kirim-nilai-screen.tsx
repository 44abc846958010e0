import type { KirimNilaiItem, KirimNilaiResult, KirimNilaiRombel } from '@erapor/contract/sinkronisasi-kirim';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  PasswordInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  cekKoneksi,
  generateMatev,
  getKirimNilai,
  KIRIM_NILAI_KEY,
  kirimNilai,
  kirimNilaiItems,
} from '../api/kirim-api';

const K = 'sinkronisasi-kirim.nilai';

const STATUS_COLOR: Record<KirimNilaiItem['status'], string> = {
  pending: 'gray',
  sent: 'green',
  failed: 'red',
  skipped: 'orange',
};

/**
 * Kirim Nilai ke Dapodik (reference-screens §4.2, reference-dapodik §7.6): the Web Service settings
 * with "Cek Koneksi" (the stored token is only ever shown masked), then per rombel: generate the
 * mata evaluasi and send the final grades. The outcome is reported item by item (sent, unchanged,
 * failed, skipped with the reason); sending again posts only what failed or changed.
 */
export function KirimNilaiScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const overview = useQuery({ queryKey: KIRIM_NILAI_KEY, queryFn: getKirimNilai });
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [connectError, setConnectError] = useState<string | null>(null);
  const [result, setResult] = useState<KirimNilaiResult | null>(null);
  const [detail, setDetail] = useState<KirimNilaiRombel | null>(null);
  const [busyRombel, setBusyRombel] = useState<string | null>(null);
  /** The action waiting for the administrator's confirmation (as e-Rapor asks before both). */
  const [confirm, setConfirm] = useState<{ kind: 'generate' | 'send'; rombel: KirimNilaiRombel } | null>(
    null,
  );

  const stored = overview.data?.url_dapodik ?? '';
  useEffect(() => {
    if (stored) setUrl((u) => u || stored);
  }, [stored]);

  const refresh = () => qc.invalidateQueries({ queryKey: KIRIM_NILAI_KEY });
  const connect = useMutation({
    mutationFn: () => cekKoneksi({ url_dapodik: url, token_dapodik: token }),
    onSuccess: (r) => {
      setConnectError(null);
      setToken('');
      toast.success(r.message, r.nama_sekolah ?? undefined);
      void refresh();
    },
    onError: (e) => setConnectError(httpErrorMessage(e, t)),
  });
  const generate = useMutation({
    mutationFn: (r: KirimNilaiRombel) => generateMatev(r.rombongan_belajar_id),
    onMutate: (r) => setBusyRombel(r.rombongan_belajar_id),
    onSuccess: (r) => toast.success(r.message),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => {
      setBusyRombel(null);
      void refresh();
    },
  });
  const send = useMutation({
    mutationFn: (r: KirimNilaiRombel) => kirimNilai(r.rombongan_belajar_id),
    onMutate: (r) => {
      setBusyRombel(r.rombongan_belajar_id);
      setResult(null);
    },
    onSuccess: (r) => setResult(r),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => {
      setBusyRombel(null);
      void refresh();
    },
  });

  if (overview.isPending) return <Loader />;
  if (overview.isError) return <Alert color="red">{httpErrorMessage(overview.error, t)}</Alert>;
  const data = overview.data;
  const busy = busyRombel !== null;

  return (
    <Stack gap="md">
      <Alert color="red" title={t(`${K}.important.title`)}>
        {t(`${K}.important.text`)}
      </Alert>

      <Card withBorder padding="md" data-testid="kirim-nilai-settings">
        <Text fw={600} mb="xs">
          {t(`${K}.settings.title`)}
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {t(`${K}.settings.text`)}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            connect.mutate();
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t(`${K}.settings.url`)}
              placeholder={t(`${K}.settings.urlPlaceholder`)}
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              w={320}
              required
              data-testid="kirim-nilai-url"
            />
            <PasswordInput
              label={t(`${K}.settings.token`)}
              placeholder={
                data.token_masked ? t(`${K}.settings.tokenStored`, { masked: data.token_masked }) : undefined
              }
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              w={320}
              autoComplete="off"
              data-testid="kirim-nilai-token"
            />
            <Button type="submit" loading={connect.isPending} data-testid="kirim-nilai-cek">
              {t(`${K}.settings.check`)}
            </Button>
          </Group>
        </form>
        {data.configured ? (
          <Text size="sm" mt="sm" data-testid="kirim-nilai-configured">
            {t(`${K}.settings.configured`, {
              url: data.url_dapodik ?? '-',
              masked: data.token_masked ?? '-',
              npsn: data.npsn,
            })}
          </Text>
        ) : null}
        {connectError ? (
          <Alert
            color="red"
            mt="sm"
            title={t(`${K}.settings.failed`)}
            data-testid="kirim-nilai-connect-error"
          >
            {connectError}
          </Alert>
        ) : null}
      </Card>

      {data.configured ? (
        <Card withBorder padding="md">
          <Text fw={600} mb="sm">
            {t(`${K}.rombel.title`)}
          </Text>
          <ScrollArea {...SCROLL_X_AREA}>
            <Table striped withTableBorder data-testid="kirim-nilai-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${K}.rombel.kelas`)}</Table.Th>
                  <Table.Th>{t(`${K}.rombel.wali`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.pembelajaran`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.matev`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.matevSent`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.nilaiSent`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.nilaiFailed`)}</Table.Th>
                  <Table.Th ta="right">{t(`${K}.rombel.nilaiSkipped`)}</Table.Th>
                  <Table.Th>{t(`${K}.rombel.actions`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rombel.map((r) => (
                  <Table.Tr key={r.rombongan_belajar_id} data-testid={`kirim-nilai-row-${r.nama}`}>
                    <Table.Td>{r.nama}</Table.Td>
                    <Table.Td>{r.wali_kelas ?? '-'}</Table.Td>
                    <Table.Td ta="right">{r.pembelajaran}</Table.Td>
                    <Table.Td ta="right">{r.matev}</Table.Td>
                    <Table.Td ta="right">{r.matev_terkirim}</Table.Td>
                    <Table.Td ta="right" data-testid="kirim-nilai-sent">
                      {r.nilai_terkirim}
                    </Table.Td>
                    <Table.Td ta="right">{r.nilai_gagal}</Table.Td>
                    <Table.Td ta="right">{r.nilai_dilewati}</Table.Td>
                    <Table.Td>
                      {!r.dapodik ? (
                        <Text size="xs" c="dimmed">
                          {t(`${K}.rombel.notDapodik`)}
                        </Text>
                      ) : r.pembelajaran === 0 ? (
                        <Text size="xs" c="dimmed">
                          {t(`${K}.rombel.noPembelajaran`, { kelas: r.nama })}
                        </Text>
                      ) : (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            color="yellow"
                            disabled={busy}
                            loading={generate.isPending && busyRombel === r.rombongan_belajar_id}
                            onClick={() => setConfirm({ kind: 'generate', rombel: r })}
                            data-testid="kirim-nilai-generate"
                          >
                            {t(`${K}.rombel.generate`)}
                          </Button>
                          <Button
                            size="compact-sm"
                            disabled={busy}
                            loading={send.isPending && busyRombel === r.rombongan_belajar_id}
                            onClick={() => setConfirm({ kind: 'send', rombel: r })}
                            data-testid="kirim-nilai-send"
                          >
                            {t(`${K}.rombel.send`)}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => setDetail(r)}
                            data-testid="kirim-nilai-detail"
                          >
                            {t(`${K}.rombel.detail`)}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      ) : null}

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t(`${K}.confirm.title`)}
        centered
      >
        <Text size="sm" mb="md" data-testid="kirim-nilai-confirm-text">
          {confirm
            ? t(confirm.kind === 'send' ? `${K}.confirm.send` : `${K}.confirm.generate`, {
                kelas: confirm.rombel.nama,
              })
            : null}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t(`${K}.confirm.cancel`)}
          </Button>
          <Button
            onClick={() => {
              if (!confirm) return;
              if (confirm.kind === 'send') send.mutate(confirm.rombel);
              else generate.mutate(confirm.rombel);
              setConfirm(null);
            }}
            data-testid="kirim-nilai-confirm"
          >
            {t(`${K}.confirm.ok`)}
          </Button>
        </Group>
      </Modal>

      {result ? <KirimNilaiResultCard result={result} /> : null}
      {detail ? <KirimNilaiItems rombel={detail} /> : null}
    </Stack>
  );
}

/** The summary of one send and the items that failed or were skipped, with their reasons. */
function KirimNilaiResultCard({ result }: { result: KirimNilaiResult }) {
  const { t } = useTranslation();
  const failed = result.matev.failed + result.nilai.failed;
  return (
    <Card withBorder padding="md" data-testid="kirim-nilai-result">
      <Alert
        color={failed ? 'orange' : 'green'}
        title={t(failed ? `${K}.result.partial` : `${K}.result.done`)}
        mb="sm"
        data-testid="kirim-nilai-summary"
      >
        {result.message}
      </Alert>
      <ItemTable items={result.items} />
    </Card>
  );
}

function KirimNilaiItems({ rombel }: { rombel: KirimNilaiRombel }) {
  const { t } = useTranslation();
  const items = useQuery({
    queryKey: [...KIRIM_NILAI_KEY, 'items', rombel.rombongan_belajar_id, rombel.nilai_terkirim, rombel.matev],
    queryFn: () => kirimNilaiItems(rombel.rombongan_belajar_id),
  });
  return (
    <Card withBorder padding="md" data-testid="kirim-nilai-items">
      <Text fw={600} mb="sm">
        {t(`${K}.items.title`, { kelas: rombel.nama })}
      </Text>
      {items.isPending ? (
        <Loader size="sm" />
      ) : items.isError ? (
        <Alert color="red">{httpErrorMessage(items.error, t)}</Alert>
      ) : (
        <ItemTable items={items.data} />
      )}
    </Card>
  );
}

function ItemTable({ items }: { items: KirimNilaiItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Text size="sm">{t(`${K}.items.none`)}</Text>;
  return (
    <ScrollArea h={items.length > 12 ? 420 : undefined} {...SCROLL_X_AREA}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${K}.items.mapel`)}</Table.Th>
            <Table.Th>{t(`${K}.items.pd`)}</Table.Th>
            <Table.Th ta="right">{t(`${K}.items.nilai`)}</Table.Th>
            <Table.Th>{t(`${K}.items.status`)}</Table.Th>
            <Table.Th>{t(`${K}.items.reason`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr
              key={`${i.jenis}-${i.pembelajaran_id}-${i.peserta_didik ?? ''}`}
              data-testid="kirim-nilai-item"
            >
              <Table.Td>{i.nama_mata_pelajaran}</Table.Td>
              <Table.Td>{i.jenis === 'matev' ? t(`${K}.items.matev`) : (i.peserta_didik ?? '-')}</Table.Td>
              <Table.Td ta="right">{i.nilai ?? '-'}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[i.status]} variant="light">
                  {t(`${K}.status.${i.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{i.message ?? ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
