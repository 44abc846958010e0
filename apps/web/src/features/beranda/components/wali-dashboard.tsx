import type { BerandaWaliKelas } from '@erapor/contract/penilaian/beranda';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { PembelajaranDetailModal } from '../../../components/pembelajaran-detail/pembelajaran-detail-modal';
import {
  BERANDA_GURU_KEY,
  BERANDA_WALI_KEY,
  getBerandaWali,
  setKunciNilai,
} from '../../../lib/beranda-penilaian-api';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ProgressCell } from './progress-cell';

/**
 * Beranda wali kelas (reference-screens §3.3): per class, the switch that locks its grades
 * (Aktif = grades may be written; the lock is rombongan_belajar.kunci_nilai) and its subjects with
 * teacher and progress.
 */
export function WaliDashboard() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: BERANDA_WALI_KEY, queryFn: getBerandaWali });
  if (query.isError) {
    return <ErrorAlert title={t('beranda.wali.loadFailed')} error={query.error} />;
  }
  if (!query.data) return <Loader size="sm" />;
  return (
    <>
      {query.data.kelas.map((k) => (
        <WaliKelasCard key={k.rombongan_belajar_id} kelas={k} schoolOpen={query.data.status_penilaian} />
      ))}
    </>
  );
}

function WaliKelasCard({ kelas, schoolOpen }: { kelas: BerandaWaliKelas; schoolOpen: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [detail, setDetail] = useState<string | null>(null);
  /** The state asked for (true = Aktif), waiting for the confirm. */
  const [confirm, setConfirm] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (aktif: boolean) => setKunciNilai(kelas.rombongan_belajar_id, !aktif),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: BERANDA_WALI_KEY });
      void qc.invalidateQueries({ queryKey: BERANDA_GURU_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => setConfirm(null),
  });
  const aktif = !kelas.kunci_nilai;
  const title =
    kelas.jenis_rombel === 16
      ? t('beranda.wali.titlePilihan', { nama: kelas.nama })
      : t('beranda.wali.title', { nama: kelas.nama });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="beranda-wali">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {kelas.can_lock ? (
          <Group gap="sm">
            <Text>{t('beranda.wali.statusLabel')}</Text>
            <Switch
              checked={aktif}
              disabled={toggle.isPending}
              label={aktif ? t('beranda.wali.aktif') : t('beranda.wali.nonAktif')}
              onChange={(e) => setConfirm(e.currentTarget.checked)}
              data-testid="kunci-nilai"
            />
          </Group>
        ) : null}
        {!schoolOpen ? (
          <Alert color="yellow" data-testid="school-closed">
            {t('beranda.wali.schoolClosed')}
          </Alert>
        ) : null}
        <Title order={5}>{t('beranda.wali.subjects', { nama: kelas.nama })}</Title>
        {kelas.pembelajaran.length === 0 ? (
          <Text c="dimmed">{t('beranda.wali.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>{t('beranda.guru.columns.no')}</Table.Th>
                  <Table.Th>{t('beranda.guru.columns.mapel')}</Table.Th>
                  <Table.Th>{t('beranda.wali.guru')}</Table.Th>
                  <Table.Th>{t('beranda.guru.columns.progress')}</Table.Th>
                  <Table.Th w={90}>{t('beranda.guru.columns.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {kelas.pembelajaran.map((p, i) => (
                  <Table.Tr
                    key={p.pembelajaran_id}
                    bg={p.induk_pembelajaran_id ? 'var(--mantine-color-yellow-light)' : undefined}
                    data-testid="wali-row"
                  >
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{p.nama_mata_pelajaran}</Table.Td>
                    <Table.Td>{p.guru ?? '-'}</Table.Td>
                    <Table.Td>
                      <ProgressCell dinilai={p.pd_dinilai} anggota={p.pd} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" color="green" onClick={() => setDetail(p.pembelajaran_id)}>
                        {t('beranda.guru.detailButton')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('beranda.wali.confirm.title')}
        centered
        data-testid="kunci-confirm"
      >
        <Text mb="md">{confirm ? t('beranda.wali.confirm.open') : t('beranda.wali.confirm.close')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('beranda.wali.confirm.cancel')}
          </Button>
          <Button
            color="green"
            loading={toggle.isPending}
            onClick={() => confirm !== null && toggle.mutate(confirm)}
            data-testid="kunci-yes"
          >
            {t('beranda.wali.confirm.yes')}
          </Button>
        </Group>
      </Modal>
      <PembelajaranDetailModal pembelajaranId={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
