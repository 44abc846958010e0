import type { UsulanRow } from '@erapor/contract/portal/biodata';
import { Badge, Button, Card, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../../components/error-alert';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { PD_KEY } from '../../api/peserta-didik-api';
import { decideUsulan, listUsulan, USULAN_KEY } from '../../api/usulan-biodata-api';

/**
 * "Usulan Perubahan Biodata" above the PD Aktif list (decision 046): the corrections pupils proposed
 * in their portal, for the administrator (every pupil) and the wali kelas (their class's pupils).
 * Setujui writes the values to the pupil's record; Tolak (with an optional reason) leaves it as it
 * is. Shown only when something waits, so the list keeps its place otherwise.
 */
export function UsulanBiodata() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const usulan = useQuery({ queryKey: USULAN_KEY, queryFn: listUsulan });
  const [tolak, setTolak] = useState<UsulanRow | null>(null);
  const [alasan, setAlasan] = useState('');
  const [alasanError, setAlasanError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (v: { id: string; keputusan: 'setujui' | 'tolak'; alasan?: string }) =>
      decideUsulan(v.id, v.keputusan, v.alasan),
    onSuccess: (res) => {
      toast.success(t('referensi.usulan.doneTitle'), serverText(res.message));
      setTolak(null);
      setAlasan('');
      setAlasanError(undefined);
      void qc.invalidateQueries({ queryKey: USULAN_KEY });
      void qc.invalidateQueries({ queryKey: PD_KEY });
    },
    onError: (e) => {
      const details = toHttpError(e).details;
      if (details.alasan) setAlasanError(details.alasan);
      else toast.error(t('referensi.usulan.failed'), httpErrorMessage(e, t), 'long');
      void qc.invalidateQueries({ queryKey: USULAN_KEY });
    },
  });
  if (usulan.isError) return <ErrorAlert title={t('referensi.usulan.loadFailed')} error={usulan.error} />;
  const rows = usulan.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder radius="md" mb="md" data-testid="usulan-biodata">
      <Group gap="xs" mb="sm">
        <Text fw={600}>{t('referensi.usulan.title')}</Text>
        <Badge color="yellow">{rows.length}</Badge>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('referensi.usulan.nama')}</Table.Th>
              <Table.Th>{t('referensi.usulan.perubahan')}</Table.Th>
              <Table.Th w={190}>{t('referensi.usulan.aksi')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => (
              <Table.Tr key={u.usulan_biodata_id} data-testid="usulan-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {u.nama}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[u.kelas, u.nisn ? `NISN ${u.nisn}` : null].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <List size="sm">
                    {u.perubahan.map((p) => (
                      <List.Item key={p.field}>
                        {t(`referensi.pd.fields.${p.field}`)}: {p.lama ?? '-'} → <b>{p.baru ?? '-'}</b>
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="compact-sm"
                      color="green"
                      loading={decide.isPending && decide.variables?.id === u.usulan_biodata_id}
                      onClick={() => decide.mutate({ id: u.usulan_biodata_id, keputusan: 'setujui' })}
                      data-testid="usulan-setujui"
                    >
                      {t('referensi.usulan.setujui')}
                    </Button>
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      onClick={() => setTolak(u)}
                      data-testid="usulan-tolak"
                    >
                      {t('referensi.usulan.tolak')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={tolak !== null}
        onClose={() => setTolak(null)}
        title={t('referensi.usulan.tolakTitle', { nama: tolak?.nama ?? '' })}
      >
        <Stack>
          <TextInput
            label={t('referensi.usulan.alasan')}
            value={alasan}
            onChange={(e) => setAlasan(e.currentTarget.value)}
            error={alasanError}
            data-testid="usulan-alasan"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTolak(null)}>
              {t('common.close')}
            </Button>
            <Button
              color="red"
              loading={decide.isPending}
              onClick={() =>
                tolak && decide.mutate({ id: tolak.usulan_biodata_id, keputusan: 'tolak', alasan })
              }
              data-testid="usulan-tolak-kirim"
            >
              {t('referensi.usulan.tolak')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
