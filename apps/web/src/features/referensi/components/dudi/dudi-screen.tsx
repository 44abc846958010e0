import type { DudiRow } from '@erapor/contract/referensi/dudi';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { useTranslation } from '../../../../lib/i18n';
import { DUDI_KEY, listDudi } from '../../api/dudi-api';
import { DudiDetailModal } from './dudi-detail-modal';

/** Referensi DUDI (reference-screens §6.6): the school's business partners and their PKL activities. */
export function DudiScreen() {
  const { t } = useTranslation();
  const [detailId, setDetailId] = useState<string | null>(null);
  const columns: ServerTableColumn<DudiRow>[] = [
    { accessor: 'nama', title: t('referensi.dudi.columns.nama'), sortable: true },
    { accessor: 'nama_bidang_usaha', title: t('referensi.dudi.columns.bidang'), sortable: true },
    { accessor: 'alamat', title: t('referensi.dudi.columns.alamat'), sortable: true },
    {
      accessor: 'jml_aktifitas',
      title: t('referensi.dudi.columns.jml'),
      sortable: true,
      textAlign: 'center',
      width: 120,
    },
    {
      accessor: 'aksi',
      title: t('referensi.dudi.columns.aksi'),
      width: 100,
      render: (r) => (
        <Button
          size="compact-sm"
          color="yellow"
          data-testid="dudi-detail"
          onClick={() => setDetailId(r.dudi_id)}
        >
          {t('referensi.dudi.detail')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ServerTable<DudiRow>
        queryKey={DUDI_KEY}
        fetchPage={listDudi}
        columns={columns}
        idAccessor="dudi_id"
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        searchPlaceholder={t('referensi.dudi.search')}
        testId="dudi-table"
      />
      <DudiDetailModal dudiId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
