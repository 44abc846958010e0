import type { GtkKind, GtkRow } from '@erapor/contract/referensi/gtk';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { useBusEvent } from '../../../../lib/event-bus';
import { useTranslation } from '../../../../lib/i18n';
import { useRouteDef } from '../../../../lib/route-meta';
import { GTK_KEY, listGtk } from '../../api/gtk-api';
import { placeAndDate } from './confirm-dialog';
import { GtkAddModal } from './gtk-add-modal';
import { GtkDetailModal } from './gtk-detail-modal';

/**
 * One screen for the four GTK lists (reference-screens §6.1): the server searches (nama, NUPTK,
 * NIK), sorts and paginates. Instruktur and asesor pages also add people (header "Tambah Data").
 */
export function GtkScreen({ kind }: { kind: GtkKind }) {
  const { t } = useTranslation();
  const def = useRouteDef();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const local = kind === 'instruktur' || kind === 'asesor' ? kind : null;
  useBusEvent(local ? def?.addButton?.action : undefined, () => setAdding(true));

  const columns: ServerTableColumn<GtkRow>[] = [
    {
      accessor: 'nama',
      title: t('referensi.gtk.columns.nama'),
      sortable: true,
      render: (r) => r.nama_lengkap,
    },
    { accessor: 'jenis_kelamin', title: t('referensi.gtk.columns.jk'), sortable: true, width: 90 },
    {
      accessor: 'tanggal_lahir',
      title: t('referensi.gtk.columns.ttl'),
      sortable: true,
      render: (r) => placeAndDate(r.tempat_lahir, r.tanggal_lahir),
    },
    { accessor: 'email', title: t('referensi.gtk.columns.email'), sortable: true },
    ...(kind === 'asesor'
      ? [{ accessor: 'dudi', title: t('referensi.gtk.columns.dudi') } as ServerTableColumn<GtkRow>]
      : []),
    {
      accessor: 'aksi',
      title: t('referensi.gtk.columns.aksi'),
      width: 100,
      render: (r) => (
        <Button
          size="compact-sm"
          color="yellow"
          data-testid="gtk-detail"
          onClick={() => setDetailId(r.guru_id)}
        >
          {t('referensi.gtk.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ServerTable<GtkRow>
        queryKey={[...GTK_KEY, kind]}
        fetchPage={(q) => listGtk(kind, q)}
        columns={columns}
        idAccessor="guru_id"
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        searchPlaceholder={t('referensi.gtk.search')}
        testId="gtk-table"
      />
      <GtkDetailModal guruId={detailId} onClose={() => setDetailId(null)} />
      {local ? <GtkAddModal kind={local} opened={adding} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
