import type { UserData } from '@erapor/contract/auth';
import { ROLE_DISPLAY_NAMES } from '@erapor/contract/roles';
import { BERANDA_COUNTS } from '@erapor/contract/sekolah';
import { faCircleInfo } from '@fortawesome/free-solid-svg-icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { Icon } from '../../../components/icon';
import { useAbility } from '../../../lib/ability';
import { formatNumber } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { APP_CONFIG } from '../../../lib/prefs';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { BERANDA_KEY, getBerandaAdmin, setStatusPenilaian } from '../api/beranda-api';
import { CadanganWarning } from '../components/cadangan-warning';
import { GambarDibuangNote } from '../components/gambar-dibuang-note';
import { GuruDashboard } from '../components/guru-dashboard';
import { WaliDashboard } from '../components/wali-dashboard';

/**
 * Beranda (reference-screens §3), honest about what exists: the dashboard per role shows what
 * the session knows. Figures that need the school's data (pupils, grades) come with the
 * synchronisation and the assessment features, and say so. A pupil's Beranda is the portal's
 * screen instead, named for this route in app/screen-aliases.ts.
 */
export default function BerandaPage() {
  const { userData } = useSession();
  const ability = useAbility();
  if (!userData) return null;
  const roles = userData.roles;
  let body: ReactNode;
  if (roles.includes('admin') || roles.includes('tu')) body = <AdminDashboard user={userData} />;
  else if (roles.length > 0 && ability.can('read', 'Web')) body = <StaffDashboard user={userData} />;
  else body = <NoRoleDashboard user={userData} />;
  return (
    <Stack gap="lg" data-testid="beranda">
      {body}
    </Stack>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w="40%">{k}</Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AdminDashboard({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isAdmin = user.roles.includes('admin');
  const query = useQuery({ queryKey: BERANDA_KEY, queryFn: getBerandaAdmin });
  const [confirm, setConfirm] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (status: boolean) => setStatusPenilaian(status),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: BERANDA_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => setConfirm(null),
  });
  const data = query.data;
  const s = data?.sekolah;
  return (
    <>
      <Welcome user={user} />
      {query.isError ? <ErrorAlert title={t('beranda.admin.loadFailed')} error={query.error} /> : null}
      {isAdmin && data ? <CadanganWarning keadaan={data.cadangan} /> : null}
      {isAdmin && data ? <GambarDibuangNote catatan={data.gambar_dibuang} /> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" data-testid="beranda-counts">
        {BERANDA_COUNTS.map((k) => (
          <Card key={k} withBorder radius="md" padding="md" data-testid={`count-${k}`}>
            <Text fz={28} fw={700} lh={1.1}>
              {data ? formatNumber(data.counts[k]) : query.isPending ? <Loader size="sm" /> : '-'}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`beranda.admin.counts.${k}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" data-testid="identitas-sekolah">
          <Title order={4} mb="sm">
            {t('beranda.schoolIdentity')}
          </Title>
          <Rows
            rows={[
              [t('beranda.schoolName'), s?.nama ?? user.sekolah.nama],
              ['NPSN', s?.npsn ?? user.sekolah.npsn],
              [t('beranda.admin.alamat'), s?.alamat ?? '-'],
              [t('beranda.admin.kodePos'), s?.kode_pos ?? '-'],
              [t('beranda.admin.desa'), s?.desa_kelurahan ?? '-'],
              [t('beranda.admin.kecamatan'), s?.kecamatan ?? '-'],
              [t('beranda.admin.kabupaten'), s?.kabupaten ?? '-'],
              [t('beranda.admin.provinsi'), s?.provinsi ?? '-'],
              ['Email', s?.email ?? '-'],
              [t('beranda.admin.website'), s?.website ?? '-'],
              [t('beranda.admin.kepalaSekolah'), data?.kepala_sekolah ?? '-'],
            ]}
          />
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="sm">
            {t('beranda.appInfo')}
          </Title>
          <Rows
            rows={[
              [t('beranda.appName'), data?.app.name ?? APP_CONFIG.appName],
              [t('beranda.appVersion'), data?.app.version ?? __APP_VERSION__],
              [t('beranda.admin.dbVersion'), data?.app.db_version ?? '-'],
              [t('beranda.semester'), user.semester.nama],
              [
                t('beranda.admin.statusPenilaian'),
                <Switch
                  key="status"
                  data-testid="status-penilaian"
                  checked={data?.status_penilaian ?? false}
                  disabled={!isAdmin || !data || toggle.isPending}
                  label={data?.status_penilaian ? t('beranda.admin.open') : t('beranda.admin.closed')}
                  onChange={(e) => setConfirm(e.currentTarget.checked)}
                />,
              ],
            ]}
          />
        </Card>
      </SimpleGrid>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('beranda.wali.confirm.title')}
        centered
        data-testid="status-confirm"
      >
        <Text mb="md">{confirm ? t('beranda.wali.confirm.open') : t('beranda.wali.confirm.close')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('beranda.admin.cancel')}
          </Button>
          <Button
            color="green"
            loading={toggle.isPending}
            onClick={() => confirm !== null && toggle.mutate(confirm)}
          >
            {t('beranda.wali.confirm.yes')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function Welcome({ user }: { user: UserData }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3}>{t('beranda.welcome', { name: user.name })}</Title>
      <Text mt={4}>
        {t('beranda.semesterLine', { school: user.sekolah.nama, semester: user.semester.nama })}
      </Text>
      {user.roles.length > 0 ? (
        <Group gap="xs" mt="sm" aria-label={t('beranda.yourRoles')}>
          <Text size="sm" c="dimmed">
            {t('beranda.yourRoles')}:
          </Text>
          {user.roles.map((r) => (
            <Badge key={r} variant="light">
              {ROLE_DISPLAY_NAMES[r]}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Card>
  );
}

/** Teachers get their subjects with grading progress; homeroom teachers also their class and its lock. */
function StaffDashboard({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const guru = user.roles.includes('guru');
  const wali = user.roles.includes('wali') || user.roles.includes('pilihan');
  return (
    <>
      <Welcome user={user} />
      {guru ? <GuruDashboard user={user} /> : null}
      {wali ? <WaliDashboard /> : null}
      {guru || wali ? null : (
        <Alert color="info" variant="light" icon={<Icon icon={faCircleInfo} />}>
          {t('beranda.staffNote')}
        </Alert>
      )}
    </>
  );
}

function NoRoleDashboard({ user }: { user: UserData }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="beranda-no-role">
      <Title order={3}>{t('beranda.welcome', { name: user.name })}</Title>
      <Text mt="sm">{t('beranda.noRole')}</Text>
      <Text fw={600}>{t('beranda.contactAdmin')}</Text>
    </Card>
  );
}
