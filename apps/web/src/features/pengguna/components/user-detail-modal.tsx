import type { ResetPasswordResponse } from '@erapor/contract/pengguna';
import { ROLE_DISPLAY_NAMES, type RoleName } from '@erapor/contract/roles';
import { faTrash } from '@fortawesome/free-solid-svg-icons';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { waktu } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { addRole, getUser, removeRole, resetPassword, USERS_KEY } from '../api/pengguna-api';

export function formatDateTime(iso: string | null): string {
  return waktu(iso);
}

/** "DETIL {name}" (reference-screens §5.2): roles of the semester, manual roles, reset password. */
export function UserDetailModal({
  userId,
  onClose,
  onReset,
}: {
  userId: string | null;
  onClose: () => void;
  onReset: (r: ResetPasswordResponse) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: [...USERS_KEY, 'detail', userId],
    queryFn: () => getUser(userId ?? ''),
    enabled: !!userId,
  });
  const [checked, setChecked] = useState<RoleName[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const d = detail.data;
  const refresh = () => void qc.invalidateQueries({ queryKey: USERS_KEY });

  const save = useMutation({
    mutationFn: async () => {
      for (const role of checked) await addRole(userId ?? '', role);
    },
    onSuccess: () => {
      toast.success('Data Pengguna berhasil diperbaharui');
      setChecked([]);
      refresh();
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const remove = useMutation({
    mutationFn: (role: RoleName) => removeRole(userId ?? '', role),
    onSuccess: () => {
      toast.success('Hak Akses berhasil dihapus');
      refresh();
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const reset = useMutation({
    mutationFn: () => resetPassword(userId ?? ''),
    onSuccess: (r) => {
      setConfirmReset(false);
      refresh();
      onReset(r);
    },
    onError: (e) => {
      setConfirmReset(false);
      toast.error(httpErrorMessage(e, t));
    },
  });

  return (
    <Modal
      opened={!!userId}
      onClose={onClose}
      size="lg"
      title={d ? `DETIL ${d.name}` : t('pengguna.detail')}
      data-testid="user-detail"
    >
      {detail.isPending ? <Loader /> : null}
      {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
      {d ? (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="35%">{t('pengguna.columns.name')}</Table.Th>
                <Table.Td>{d.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Td>{d.email}</Table.Td>
              </Table.Tr>
              {d.username ? (
                <Table.Tr>
                  <Table.Th>Username</Table.Th>
                  <Table.Td>{d.username}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th>Password</Table.Th>
                <Table.Td>
                  <PasswordBadge status={d.password_status} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pengguna.columns.lastLogin')}</Table.Th>
                <Table.Td>{formatDateTime(d.last_login_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Title order={5}>Hak Akses yang Dimiliki</Title>
          <Table withTableBorder data-testid="user-roles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tahun Pelajaran</Table.Th>
                <Table.Th>{t('pengguna.roles')}</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.role_details.map((r) => (
                <Table.Tr key={r.role}>
                  <Table.Td>{d.semester_nama}</Table.Td>
                  <Table.Td>{ROLE_DISPLAY_NAMES[r.role]}</Table.Td>
                  <Table.Td>
                    {r.removable ? (
                      <ActionIcon
                        color="red"
                        variant="light"
                        aria-label={t('pengguna.removeRole', { role: ROLE_DISPLAY_NAMES[r.role] })}
                        loading={remove.isPending && remove.variables === r.role}
                        onClick={() => remove.mutate(r.role)}
                      >
                        <Icon icon={faTrash} />
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {d.addable_roles.length > 0 ? (
            <>
              <Title order={5}>Tambah Hak Akses di Tahun Pelajaran {d.semester_nama}</Title>
              <Checkbox.Group value={checked} onChange={(v) => setChecked(v as RoleName[])}>
                <Stack gap={6}>
                  {d.addable_roles.map((r) => (
                    <Checkbox key={r} value={r} label={ROLE_DISPLAY_NAMES[r]} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </>
          ) : null}
          {confirmReset ? (
            <Alert color="warning" title="Apakah Anda yakin?">
              <Text size="sm" mb="sm">
                {t('pengguna.resetConfirm')}
              </Text>
              <Group>
                <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
                  Yakin!
                </Button>
                <Button variant="default" onClick={() => setConfirmReset(false)}>
                  {t('pengguna.cancel')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pengguna.close')}
            </Button>
            <Button color="red" onClick={() => setConfirmReset(true)} data-testid="reset-password">
              Reset Password
            </Button>
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={checked.length === 0}
              data-testid="save-roles"
            >
              {t('pengguna.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function PasswordBadge({ status }: { status: 'default' | 'custom' | null }) {
  const { t } = useTranslation();
  if (!status) return <Text c="dimmed">-</Text>;
  return status === 'custom' ? (
    <Badge color="green" variant="light">
      {t('pengguna.passwordCustom')}
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      {t('pengguna.passwordDefault')}
    </Badge>
  );
}
