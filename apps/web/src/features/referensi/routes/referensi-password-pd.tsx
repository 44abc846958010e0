import type { PasswordPdItem, ResetPasswordResponse } from '@erapor/contract/pengguna';
import { Badge, Button, Select, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { tanggalPanjang } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  listPasswordPd,
  listPasswordPdRombel,
  PASSWORD_PD_KEY,
  resetPupilPassword,
} from '../api/password-pd-api';
import { OneTimePasswordModal } from '../components/password-pd/one-time-password-modal';

function ttl(p: PasswordPdItem): string {
  const date = tanggalPanjang(p.tanggal_lahir);
  return [p.tempat_lahir, date].filter(Boolean).join(', ') || '-';
}

/** Password Peserta Didik (/referensi/password-pd): reference-screens §6.3. */
export default function Screen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rombel, setRombel] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PasswordPdItem | null>(null);
  const [result, setResult] = useState<ResetPasswordResponse | null>(null);
  const rombels = useQuery({ queryKey: [...PASSWORD_PD_KEY, 'rombel'], queryFn: listPasswordPdRombel });
  const reset = useMutation({
    mutationFn: (p: PasswordPdItem) => resetPupilPassword(p.peserta_didik_id),
    onSuccess: (r) => {
      setResult(r);
      void qc.invalidateQueries({ queryKey: PASSWORD_PD_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => setConfirm(null),
  });

  const columns: ServerTableColumn<PasswordPdItem>[] = [
    { accessor: 'nama', title: t('referensi.passwordPd.nama'), sortable: true },
    { accessor: 'nisn', title: 'NISN', sortable: true },
    { accessor: 'jenis_kelamin', title: 'L/P' },
    { accessor: 'ttl', title: t('referensi.passwordPd.ttl'), render: ttl },
    { accessor: 'kelas', title: t('referensi.passwordPd.kelas'), sortable: true },
    { accessor: 'login', title: 'Login', render: (p) => p.login ?? '-' },
    {
      accessor: 'password_status',
      title: 'Password',
      render: (p) =>
        p.password_status === null ? (
          <Text c="dimmed" size="sm">
            {t('referensi.passwordPd.noAccount')}
          </Text>
        ) : p.password_status === 'custom' ? (
          <Badge color="green" variant="light">
            {t('referensi.passwordPd.custom')}
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            {t('referensi.passwordPd.default')}
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: t('referensi.passwordPd.actions'),
      textAlign: 'center',
      render: (p) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => setConfirm(p)}
          data-testid={`reset-${p.nisn}`}
        >
          Reset Password
        </Button>
      ),
    },
  ];

  return (
    <>
      <ServerTable<PasswordPdItem>
        testId="password-pd-table"
        queryKey={PASSWORD_PD_KEY}
        fetchPage={(q) => listPasswordPd({ ...q, rombongan_belajar_id: rombel ?? undefined })}
        params={{ rombongan_belajar_id: rombel ?? undefined }}
        columns={columns}
        idAccessor="peserta_didik_id"
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        searchPlaceholder="Cari data..."
        toolbar={
          <Select
            aria-label={t('referensi.passwordPd.filterRombel')}
            placeholder="== Filter Rombel =="
            data={rombels.data ?? []}
            value={rombel}
            onChange={setRombel}
            clearable
            searchable
            w={240}
            data-testid="rombel-filter"
          />
        }
      />
      <ConfirmDialog
        text={confirm ? t('referensi.passwordPd.confirm', { name: confirm.nama }) : null}
        busy={reset.isPending}
        onConfirm={() => confirm && reset.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      />
      <OneTimePasswordModal result={result} onClose={() => setResult(null)} />
    </>
  );
}
