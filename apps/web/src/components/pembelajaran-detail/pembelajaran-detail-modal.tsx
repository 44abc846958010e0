import { type BerandaDetailResponse, capaianKompetensiText } from '@erapor/contract/penilaian/beranda';
import type { SubMapelGenerated } from '@erapor/contract/penilaian/sub-mapel';
import { Alert, Badge, Button, Group, List, Loader, Modal, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BERANDA_GURU_KEY,
  BERANDA_WALI_KEY,
  generateSubMapel,
  getBerandaDetail,
} from '../../lib/beranda-penilaian-api';
import { httpErrorMessage } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { PklGenerate } from './pkl-generate';

/**
 * "Detil" of a subject (reference-screens §3.2): its pupils with the nilai akhir and the capaian
 * kompetensi texts written so far. For a parent subject with sub-subjects the class's wali kelas
 * also gets "Generate Nilai" (issue #11 item 7): the pupils left without a grade are listed with
 * the parts that have none yet. Pupils the counting rules expect but who have no nilai akhir are
 * marked "Belum dinilai"; pupils not counted (another religion, left) are dimmed. The Waka's
 * Monitoring › Nilai Akademik opens the same modal with its own `load` (issue #14 item 3).
 */
export function PembelajaranDetailModal({
  pembelajaranId,
  onClose,
  load = getBerandaDetail,
  queryKey = BERANDA_GURU_KEY,
}: {
  pembelajaranId: string | null;
  onClose: () => void;
  load?: (pembelajaranId: string) => Promise<BerandaDetailResponse>;
  queryKey?: readonly string[];
}) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...queryKey, 'detail', pembelajaranId],
    queryFn: () => load(pembelajaranId ?? ''),
    enabled: !!pembelajaranId,
  });
  const data = detail.data;
  const qc = useQueryClient();
  const [result, setResult] = useState<SubMapelGenerated | null>(null);
  const generate = useMutation({
    mutationFn: () => generateSubMapel(pembelajaranId ?? ''),
    onSuccess: (r) => {
      setResult(r);
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: [...BERANDA_GURU_KEY, 'detail', pembelajaranId] });
      void qc.invalidateQueries({ queryKey: BERANDA_WALI_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal
      opened={pembelajaranId !== null}
      onClose={close}
      size="xl"
      title={
        data
          ? t('beranda.detail.title', {
              mapel: data.pembelajaran.nama_mata_pelajaran,
              rombel: data.pembelajaran.rombel,
            })
          : ''
      }
      data-testid="beranda-detail"
    >
      {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
      {detail.isPending ? <Loader /> : null}
      {data?.sub_mapel ? (
        <Alert color="blue" mb="md" data-testid="sub-mapel">
          <Text size="sm">{t('beranda.detail.subMapel.explain')}</Text>
          {data.sub_mapel.can_generate ? (
            <Button mt="sm" size="xs" loading={generate.isPending} onClick={() => generate.mutate()}>
              {t('beranda.detail.subMapel.generate')}
            </Button>
          ) : null}
          {result && result.missing.length > 0 ? (
            <>
              <Text size="sm" mt="sm" fw={600}>
                {t('beranda.detail.subMapel.missingTitle', { count: result.missing.length })}
              </Text>
              <List size="sm" data-testid="sub-mapel-missing">
                {result.missing.map((m) => (
                  <List.Item key={m.anggota_rombel_id}>
                    {m.nama}: {m.bagian.join(', ')}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Alert>
      ) : null}
      {data?.pkl && pembelajaranId ? (
        <PklGenerate pembelajaranId={pembelajaranId} canGenerate={data.pkl.can_generate} />
      ) : null}
      {data ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>{t('beranda.guru.columns.no')}</Table.Th>
                <Table.Th>{t('beranda.detail.nama')}</Table.Th>
                <Table.Th>NISN</Table.Th>
                <Table.Th>{t('beranda.detail.agama')}</Table.Th>
                <Table.Th>{t('beranda.detail.nilaiAkhir')}</Table.Th>
                <Table.Th>{t('beranda.detail.capaian')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((r) => (
                <Table.Tr
                  key={r.anggota_rombel_id}
                  data-ungraded={r.diharapkan && r.nilai_akhir === null ? 'true' : undefined}
                  bg={
                    r.diharapkan && r.nilai_akhir === null ? 'var(--mantine-color-yellow-light)' : undefined
                  }
                  c={r.diharapkan ? undefined : 'dimmed'}
                >
                  <Table.Td>{r.no}</Table.Td>
                  <Table.Td>{r.nama}</Table.Td>
                  <Table.Td>{r.nisn ?? '-'}</Table.Td>
                  <Table.Td>{r.agama ?? '-'}</Table.Td>
                  <Table.Td data-testid="detail-nilai">
                    {r.nilai_akhir ?? '-'}{' '}
                    {r.diharapkan && r.nilai_akhir === null ? (
                      <Badge color="yellow" variant="light" size="sm" data-testid="detail-belum">
                        {t('beranda.detail.belumDinilai')}
                      </Badge>
                    ) : null}
                    {r.diharapkan ? null : (
                      <Badge color="gray" variant="outline" size="sm">
                        {t('beranda.detail.tidakDihitung')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {capaianKompetensiText(r.capaian_dicapai, r.capaian_ditingkatkan) ?? '-'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          {t('beranda.detail.close')}
        </Button>
      </Group>
    </Modal>
  );
}
