import type { SikapRow } from '@erapor/contract/penilaian/sikap';
import { Badge, Button, Group, Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { useKnownChoice } from '../../../../components/known-choice';
import { httpErrorMessage } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { useView } from '../../../../lib/view-search';
import { deleteSikap, getSikapRombel, listSikap, SIKAP_KEY } from '../../api/sikap-api';
import { ConfirmDialog } from './confirm-dialog';

export const SIKAP_FORM_PATH = '/penilaian/input-nilai-sikap';

/**
 * Penilaian Sikap (reference-screens §7.5): the caller's own notes of the semester, searched,
 * sorted and paginated by the server; "Tambah Data" in the page header opens the form.
 */
export function SikapList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<SikapRow | null>(null);
  const rombels = useQuery({ queryKey: [...SIKAP_KEY, 'rombel'], queryFn: getSikapRombel });
  // The class filter lives in the URL (lib/view-search); a class no longer taught is cleared.
  const [view, setView] = useView();
  const rombelOk = useKnownChoice(
    'rombel',
    view.rombel,
    rombels.data?.map((r) => r.rombongan_belajar_id),
    setView,
  );
  const rombel = view.rombel ?? null;
  const remove = useMutation({
    mutationFn: (id: string) => deleteSikap(id),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: [...SIKAP_KEY, 'list'] });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
    onSettled: () => setToDelete(null),
  });

  const columns: ServerTableColumn<SikapRow>[] = [
    { accessor: 'nama', title: t('penilaian.sikap.columns.nama'), sortable: true },
    { accessor: 'kelas', title: t('penilaian.sikap.columns.kelas'), sortable: true, width: 120 },
    { accessor: 'tanggal', title: t('penilaian.sikap.columns.tanggal'), sortable: true, width: 120 },
    {
      accessor: 'dimensi',
      title: t('penilaian.sikap.columns.dimensi'),
      sortable: true,
      render: (r) => r.dimensi ?? String(r.dimensi_id),
    },
    {
      accessor: 'elemen',
      title: t('penilaian.sikap.columns.elemen'),
      sortable: true,
      render: (r) => r.elemen ?? String(r.elemen_id),
    },
    {
      accessor: 'opsi',
      title: t('penilaian.sikap.columns.opsi'),
      sortable: true,
      width: 110,
      render: (r) => (
        <Badge color={r.opsi_id === 1 ? 'green' : 'red'} variant="light">
          {t(`penilaian.sikap.opsi.${r.opsi_id}`)}
        </Badge>
      ),
    },
    { accessor: 'deskripsi', title: t('penilaian.sikap.columns.uraian') },
    {
      accessor: 'aksi',
      title: t('penilaian.sikap.columns.aksi'),
      width: 170,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            data-testid="sikap-edit"
            onClick={() => void navigate({ href: `${SIKAP_FORM_PATH}?id=${r.nilai_sikap_id}` })}
          >
            {t('penilaian.sikap.edit')}
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            data-testid="sikap-delete"
            onClick={() => setToDelete(r)}
          >
            {t('penilaian.sikap.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ServerTable<SikapRow>
        queryKey={[...SIKAP_KEY, 'list']}
        fetchPage={(q) => listSikap(q)}
        columns={columns}
        idAccessor="nilai_sikap_id"
        params={{ rombongan_belajar_id: rombel ?? undefined }}
        enabled={rombelOk}
        defaultSort={{ columnAccessor: 'tanggal', direction: 'desc' }}
        searchPlaceholder={t('penilaian.sikap.search')}
        testId="sikap-table"
        toolbar={
          <Select
            aria-label={t('penilaian.sikap.form.rombel')}
            placeholder={t('penilaian.sikap.allRombel')}
            data={(rombels.data ?? []).map((r) => ({ value: r.rombongan_belajar_id, label: r.nama }))}
            value={rombel}
            onChange={(v) => setView({ rombel: v })}
            clearable
            searchable
            w={220}
            data-testid="sikap-filter-rombel"
          />
        }
      />
      <ConfirmDialog
        text={toDelete ? t('penilaian.sikap.deleteConfirm', { nama: toDelete.nama }) : null}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.nilai_sikap_id)}
      />
    </>
  );
}
