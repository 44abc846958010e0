import type { PortalNilai } from '@erapor/contract/portal/portal';
import { Button, Card, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { downloadTranskrip, getNilai, getProfil, PORTAL_KEY } from '../api/portal-api';
import { BiodataTab } from './biodata-tab';
import { NotReleased } from './detil-nilai';
import { FotoProfil } from './foto-profil';
import { SemesterTabs } from './semester-tabs';
import { TemanTable } from './teman-tab';

const TABS = ['beranda', 'biodata', 'nilai', 'teman'] as const;
type Tab = (typeof TABS)[number];

/*
 * The pupil's portal (reference-screens §2.7; issue #15): a header with photo, name and NISN, then
 * tabs Beranda (this semester's subjects), Biodata (proposed corrections, decision 046), Nilai (one
 * tab per semester of a regular class) and Teman Sekelas (classmates per semester). A subject's
 * "Detil Nilai" opens /detil-nilai/:pembelajaran_id with the tab and semester it came from, where
 * "Kembali" returns. Tab and semester are kept in the URL (decision 025). Grades show only once
 * released.
 */
export default function Portal() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const profil = useQuery({ queryKey: [...PORTAL_KEY, 'profil'], queryFn: getProfil });
  const transkrip = useMutation({
    mutationFn: (anggotaRombelId: string) => downloadTranskrip(anggotaRombelId),
    onError: (e) => toast.error(t('portal.transkripFailed'), httpErrorMessage(e, t), 'long'),
  });
  if (profil.isError) return <ErrorAlert title={t('portal.loadFailed')} error={profil.error} />;
  if (!profil.data) return <Loader size="sm" />;
  const p = profil.data;
  const tab: Tab = (TABS as readonly string[]).includes(view.tab ?? '') ? (view.tab as Tab) : 'beranda';
  const semesterId =
    p.semester.find((s) => s.semester_id === view.semester)?.semester_id ?? p.semester[0]?.semester_id;
  return (
    <Stack gap="lg" data-testid="portal">
      <Card withBorder radius="md" padding="lg">
        {/* Wraps on a phone: the transcript button goes under the name instead of squeezing it. */}
        <Group gap="md" wrap="wrap" align="start">
          <FotoProfil nama={p.nama} fotoUrl={p.foto_url} />
          <div style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Title order={3} data-testid="portal-nama">
              {p.nama}
            </Title>
            <Text c="dimmed" data-testid="portal-nisn">
              NISN: {p.nisn ?? '-'}
            </Text>
            <Text size="sm">
              {p.kelas
                ? t('portal.kelas', {
                    kelas: p.kelas.nama,
                    wali: p.kelas.wali_kelas ?? '-',
                    sekolah: p.sekolah,
                  })
                : t('portal.tanpaKelas', { sekolah: p.sekolah })}
            </Text>
          </div>
          {p.kelas ? (
            <Button
              variant="light"
              loading={transkrip.isPending}
              onClick={() => p.kelas && transkrip.mutate(p.kelas.anggota_rombel_id)}
              data-testid="portal-transkrip"
            >
              {t('portal.unduhTranskrip')}
            </Button>
          ) : null}
        </Group>
      </Card>
      <Tabs
        value={tab}
        onChange={(value) => setView({ tab: value && value !== 'beranda' ? value : null, semester: null })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="beranda" data-testid="portal-tab-beranda">
            {t('portal.tabs.beranda')}
          </Tabs.Tab>
          <Tabs.Tab value="biodata" data-testid="portal-tab-biodata">
            {t('portal.tabs.biodata')}
          </Tabs.Tab>
          <Tabs.Tab value="nilai" data-testid="portal-tab-nilai">
            {t('portal.tabs.nilai')}
          </Tabs.Tab>
          <Tabs.Tab value="teman" data-testid="portal-tab-teman">
            {t('portal.tabs.teman')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="beranda" pt="md">
          {p.kelas ? (
            <SemesterNilai semesterId={p.semester_id} />
          ) : (
            <Text c="dimmed">{t('portal.noClass')}</Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="biodata" pt="md">
          <BiodataTab />
        </Tabs.Panel>
        <Tabs.Panel value="nilai" pt="md">
          <SemesterTabs profil={p} value={semesterId} panel={(id) => <SemesterNilai semesterId={id} />} />
        </Tabs.Panel>
        <Tabs.Panel value="teman" pt="md">
          <SemesterTabs profil={p} value={semesterId} panel={(id) => <TemanTable semesterId={id} />} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SemesterNilai({ semesterId }: { semesterId: string }) {
  const { t } = useTranslation();
  const [view] = useView();
  const navigate = useNavigate();
  const nilai = useQuery({
    queryKey: [...PORTAL_KEY, 'nilai', semesterId],
    queryFn: () => getNilai(semesterId),
  });
  if (nilai.isError) return <ErrorAlert title={t('portal.loadFailed')} error={nilai.error} />;
  if (!nilai.data) return <Loader size="sm" />;
  const openDetil = (pembelajaranId: string) =>
    void navigate({
      to: '/detil-nilai/$pembelajaranId',
      params: { pembelajaranId },
      search: { tab: view.tab, semester: view.tab ? semesterId : undefined },
    });
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('portal.semesterTitle', { rombel: nilai.data.rombel, semester: nilai.data.semester })}
      </Text>
      <NotReleased rilis={nilai.data.rilis} />
      <NilaiTable data={nilai.data} onDetil={openDetil} />
    </Stack>
  );
}

function NilaiTable({ data, onDetil }: { data: PortalNilai; onDetil: (pembelajaranId: string) => void }) {
  const { t } = useTranslation();
  let no = 0;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="portal-nilai-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>{t('portal.columns.no')}</Table.Th>
            <Table.Th>{t('portal.columns.mapel')}</Table.Th>
            <Table.Th>{t('portal.columns.guru')}</Table.Th>
            <Table.Th w={110} ta="center">
              {t('portal.columns.nilai')}
            </Table.Th>
            <Table.Th w={120} ta="center">
              {t('portal.columns.detil')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.kelompok.map((k) => [
            <Table.Tr key={`k-${k.nama}`}>
              <Table.Td colSpan={5} fw={600} bg="var(--mantine-color-default-hover)">
                {k.nama}
              </Table.Td>
            </Table.Tr>,
            ...k.mapel.map((m) => (
              <Table.Tr key={m.pembelajaran_id} data-testid="portal-mapel-row">
                <Table.Td>{++no}</Table.Td>
                <Table.Td>{m.nama}</Table.Td>
                <Table.Td>{m.guru ?? '-'}</Table.Td>
                <Table.Td ta="center" data-testid="portal-nilai">
                  {m.nilai ?? '-'}
                </Table.Td>
                <Table.Td ta="center">
                  <Button size="compact-sm" variant="light" onClick={() => onDetil(m.pembelajaran_id)}>
                    {t('portal.detilButton')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
