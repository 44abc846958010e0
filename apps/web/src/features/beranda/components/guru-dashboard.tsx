import type { UserData } from '@erapor/contract/auth';
import { Button, Card, Loader, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { PembelajaranDetailModal } from '../../../components/pembelajaran-detail/pembelajaran-detail-modal';
import { BERANDA_GURU_KEY, getBerandaGuru } from '../../../lib/beranda-penilaian-api';
import { useTranslation } from '../../../lib/i18n';
import { ProgressCell } from './progress-cell';

/**
 * Beranda guru (reference-screens §3.2): the subjects the teacher teaches this semester with the
 * pupils graded so far; sub-subjects are highlighted. A teacher's list is short (a few dozen
 * rows at most), so it is one plain table, not a paginated one.
 */
export function GuruDashboard({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<string | null>(null);
  const query = useQuery({ queryKey: BERANDA_GURU_KEY, queryFn: getBerandaGuru });
  const rows = query.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="beranda-guru">
      <Title order={4} mb="sm">
        {t('beranda.guru.title', { semester: user.semester.nama })}
      </Title>
      {query.isError ? <ErrorAlert title={t('beranda.guru.loadFailed')} error={query.error} /> : null}
      {query.isPending ? <Loader size="sm" /> : null}
      {query.data && rows.length === 0 ? <Text c="dimmed">{t('beranda.guru.empty')}</Text> : null}
      {rows.length ? (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>{t('beranda.guru.columns.no')}</Table.Th>
                <Table.Th>{t('beranda.guru.columns.mapel')}</Table.Th>
                <Table.Th>{t('beranda.guru.columns.rombel')}</Table.Th>
                <Table.Th>{t('beranda.guru.columns.wali')}</Table.Th>
                <Table.Th>{t('beranda.guru.columns.progress')}</Table.Th>
                <Table.Th w={90}>{t('beranda.guru.columns.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr
                  key={r.pembelajaran_id}
                  bg={r.induk_pembelajaran_id ? 'var(--mantine-color-yellow-light)' : undefined}
                  data-testid="guru-row"
                >
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.nama_mata_pelajaran}</Table.Td>
                  <Table.Td>{r.rombel}</Table.Td>
                  <Table.Td>{r.wali_kelas ?? '-'}</Table.Td>
                  <Table.Td>
                    <ProgressCell dinilai={r.pd_dinilai} anggota={r.pd} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" color="green" onClick={() => setDetail(r.pembelajaran_id)}>
                      {t('beranda.guru.detailButton')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PembelajaranDetailModal pembelajaranId={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
