import type { MapelRow } from '@erapor/contract/referensi/mapel';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { useTranslation } from '../../../lib/i18n';
import { listMapel, MAPEL_KEY } from '../api/mapel-api';

/** Referensi Mata Pelajaran (/referensi/mata-pelajaran; reference-screens §6.4): read-only. */
export default function Screen() {
  const { t } = useTranslation();
  const columns: ServerTableColumn<MapelRow>[] = [
    { accessor: 'mata_pelajaran_id', title: t('referensi.mapel.columns.id'), sortable: true, width: 140 },
    { accessor: 'nama', title: t('referensi.mapel.columns.nama'), sortable: true },
    {
      accessor: 'jumlah_rombel',
      title: t('referensi.mapel.columns.jumlahRombel'),
      sortable: true,
      width: 160,
    },
  ];
  return (
    <ServerTable<MapelRow>
      queryKey={[...MAPEL_KEY, 'list']}
      fetchPage={listMapel}
      columns={columns}
      idAccessor="mata_pelajaran_id"
      defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
      searchPlaceholder={t('referensi.mapel.search')}
      testId="mapel-table"
    />
  );
}
