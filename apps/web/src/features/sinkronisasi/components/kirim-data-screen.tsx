import type { KirimDataResult } from '@erapor/contract/sinkronisasi-kirim';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { waktu } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getKirimData, KIRIM_DATA_KEY, kirimData, saveKirimDataSettings } from '../api/kirim-api';

const K = 'sinkronisasi-kirim.data';

const STATUS_COLOR: Record<KirimDataResult['tables'][number]['status'], string> = {
  done: 'green',
  failed: 'red',
  empty: 'gray',
};

function formatDate(iso: string | null): string {
  return waktu(iso, { seconds: true });
}

/**
 * Kirim Data e-Rapor (reference-screens §4.3): the central server's address, when data was last
 * sent, the rows changed since per table, and "KIRIM DATA". The result says table by table what
 * was confirmed; a table that failed keeps its watermark and is sent again next time.
 */
export function KirimDataScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const overview = useQuery({ queryKey: KIRIM_DATA_KEY, queryFn: getKirimData });
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<KirimDataResult | null>(null);
  const stored = overview.data?.url_erapor ?? '';
  useEffect(() => {
    if (stored) setUrl((u) => u || stored);
  }, [stored]);

  const refresh = () => qc.invalidateQueries({ queryKey: KIRIM_DATA_KEY });
  const save = useMutation({
    mutationFn: () => saveKirimDataSettings(url),
    onSuccess: (r) => {
      toast.success(r.message);
      void refresh();
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const send = useMutation({
    mutationFn: kirimData,
    onMutate: () => setResult(null),
    onSuccess: (r) => {
      setResult(r);
      if (r.status === 'done') toast.success(r.message);
      else toast.error(r.message);
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => void refresh(),
  });

  if (overview.isPending) return <Loader />;
  if (overview.isError) return <Alert color="red">{httpErrorMessage(overview.error, t)}</Alert>;
  const data = overview.data;

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t(`${K}.url`)}
              placeholder="https://app.erapor-smk.net"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              w={360}
              required
              data-testid="kirim-data-url"
            />
            <Button type="submit" variant="light" loading={save.isPending} data-testid="kirim-data-save">
              {t(`${K}.save`)}
            </Button>
          </Group>
        </form>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" align="center">
          <Text data-testid="kirim-data-last">{t(`${K}.last`, { at: formatDate(data.last_sync) })}</Text>
          <Button
            color="green"
            size="md"
            disabled={!data.configured}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="kirim-data-send"
          >
            {t(`${K}.send`)}
          </Button>
        </Group>
        {!data.configured ? (
          <Alert color="yellow" mt="sm">
            {t(`${K}.notConfigured`)}
          </Alert>
        ) : null}
      </Card>

      {result ? (
        <Alert
          color={result.status === 'done' ? 'green' : 'red'}
          title={t(result.status === 'done' ? `${K}.done` : `${K}.failed`)}
          data-testid="kirim-data-result"
        >
          {result.message}
        </Alert>
      ) : null}

      <Card withBorder padding="md">
        <Text fw={700} mb="sm">
          {t(`${K}.changed`)}
        </Text>
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder data-testid="kirim-data-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${K}.no`)}</Table.Th>
                <Table.Th>{t(`${K}.table`)}</Table.Th>
                <Table.Th ta="right">{t(`${K}.count`)}</Table.Th>
                <Table.Th>{t(`${K}.lastSent`)}</Table.Th>
                <Table.Th>{t(`${K}.status`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.tables.map((row, i) => {
                const sent = result?.tables.find((r) => r.table === row.table);
                return (
                  <Table.Tr key={row.table} data-testid={`kirim-data-row-${row.table}`}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td ta="right" data-testid="kirim-data-count">
                      {row.count}
                    </Table.Td>
                    <Table.Td>{formatDate(row.last_sent_at)}</Table.Td>
                    <Table.Td>
                      {sent ? (
                        <Badge color={STATUS_COLOR[sent.status]} variant="light">
                          {t(`${K}.tableStatus.${sent.status}`, { n: sent.sent })}
                        </Badge>
                      ) : null}
                      {sent?.message || row.last_error ? (
                        <Text size="xs" c="red">
                          {sent?.message ?? row.last_error}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>{t(`${K}.total`)}</Table.Th>
                <Table.Th ta="right" data-testid="kirim-data-total">
                  {data.jumlah}
                </Table.Th>
                <Table.Th colSpan={2} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
