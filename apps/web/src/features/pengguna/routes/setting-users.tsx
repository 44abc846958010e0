import type {
  GeneratePenggunaResponse,
  ResetPasswordResponse,
  UserListItem,
} from '@erapor/contract/pengguna';
import { ROLE_DISPLAY_NAMES, ROLE_NAMES } from '@erapor/contract/roles';
import { routeByName } from '@erapor/contract/routes';
import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { BUS_EVENTS, emit, useBusEvent } from '../../../lib/event-bus';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { downloadSlip, generatePengguna, listUsers, USERS_KEY } from '../api/pengguna-api';
import { CredentialsModal } from '../components/credentials-modal';
import { formatDateTime, PasswordBadge, UserDetailModal } from '../components/user-detail-modal';

const def = routeByName('setting-users');
/** Roles offered by the filter (the reference hides superadmin/admin-like ones). */
const FILTER_ROLES = ROLE_NAMES.filter((r) => r !== 'admin');

/** Akses Pengguna (/setting/users): reference-screens §5.2. */
export default function Screen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [role, setRole] = useState<string | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [generated, setGenerated] = useState<GeneratePenggunaResponse | null>(null);
  const [reset, setReset] = useState<ResetPasswordResponse | null>(null);

  useBusEvent(def?.addButton?.action, () => setChoosing(true));

  const generate = useMutation({
    mutationFn: (aksi: 'ptk' | 'pd') => {
      setChoosing(false);
      emit(BUS_EVENTS.loading, true);
      return generatePengguna(aksi);
    },
    onSuccess: (r) => {
      toast.success(r.message);
      setGenerated(r);
      void qc.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => emit(BUS_EVENTS.loading, false),
  });
  const slip = useMutation({
    mutationFn: (r: GeneratePenggunaResponse) =>
      downloadSlip(r.slip_id ?? '', r.aksi === 'pd' ? 'slip-akun-peserta-didik.pdf' : 'slip-akun-ptk.pdf'),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });

  const columns: ServerTableColumn<UserListItem>[] = [
    { accessor: 'name', title: t('pengguna.columns.name'), sortable: true },
    { accessor: 'email', title: 'Email', sortable: true },
    {
      accessor: 'roles',
      title: t('pengguna.columns.roles'),
      render: (u) => u.roles.map((r) => ROLE_DISPLAY_NAMES[r]).join(', ') || '-',
    },
    {
      accessor: 'last_login_at',
      title: t('pengguna.columns.lastLogin'),
      sortable: true,
      render: (u) => formatDateTime(u.last_login_at),
    },
    {
      accessor: 'password_status',
      title: 'Password',
      render: (u) => <PasswordBadge status={u.password_status} />,
    },
    {
      accessor: 'actions',
      title: t('pengguna.columns.actions'),
      textAlign: 'center',
      render: (u) => (
        <Button
          size="xs"
          color="yellow"
          onClick={() => setDetailId(u.user_id)}
          data-testid={`detil-${u.email}`}
        >
          Detil
        </Button>
      ),
    },
  ];

  return (
    <>
      <ServerTable<UserListItem>
        testId="users-table"
        queryKey={USERS_KEY}
        fetchPage={(q) => listUsers({ ...q, role: role ?? undefined })}
        params={{ role: role ?? undefined }}
        columns={columns}
        idAccessor="user_id"
        defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
        searchPlaceholder="Cari data..."
        toolbar={
          <Select
            aria-label={t('pengguna.filterRole')}
            placeholder="== Filter Hak Akses =="
            data={FILTER_ROLES.map((r) => ({ value: r, label: ROLE_DISPLAY_NAMES[r] }))}
            value={role}
            onChange={setRole}
            clearable
            w={260}
            data-testid="role-filter"
          />
        }
      />
      {/* Keyed: a new user starts with a clean form. */}
      <UserDetailModal
        key={detailId ?? 'none'}
        userId={detailId}
        onClose={() => setDetailId(null)}
        onReset={setReset}
      />
      <Modal opened={choosing} onClose={() => setChoosing(false)} title="Apakah Anda yakin?" centered>
        <Text mb="sm">{t('pengguna.generate.question')}</Text>
        <Text size="sm" c="dimmed" mb="md">
          {t('pengguna.generate.hint')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => generate.mutate('ptk')} data-testid="generate-ptk">
            Akun PTK
          </Button>
          <Button color="red" onClick={() => generate.mutate('pd')} data-testid="generate-pd">
            Akun PD
          </Button>
          <Button variant="default" onClick={() => setChoosing(false)}>
            Batal
          </Button>
        </Group>
      </Modal>
      <Modal opened={generate.isPending} onClose={() => {}} withCloseButton={false} centered>
        <Text data-testid="generate-running">{t('pengguna.generate.running')}</Text>
      </Modal>
      <CredentialsModal
        title={generated?.message ?? ''}
        credentials={generated ? generated.credentials : null}
        onClose={() => setGenerated(null)}
        summary={
          generated ? (
            <Text data-testid="generate-summary">
              {t('pengguna.generate.summary', {
                total: generated.total,
                created: generated.created,
                updated: generated.updated,
                roles: generated.roles_granted,
              })}
            </Text>
          ) : null
        }
        actions={
          generated?.slip_id ? (
            <Button
              color="green"
              loading={slip.isPending}
              onClick={() => slip.mutate(generated)}
              data-testid="download-slip"
            >
              {t('pengguna.generate.downloadSlip')}
            </Button>
          ) : null
        }
      />
      <CredentialsModal
        title="Password Pengguna berhasil direset"
        credentials={reset ? [reset.credential] : null}
        onClose={() => setReset(null)}
      />
    </>
  );
}
