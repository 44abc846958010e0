import type { PaketRow } from '@erapor/contract/ukk/paket';
import { Badge, Button, Group, Menu, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { DetailField, DetailModal } from '../../../components/detail-modal';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { useBusEvent } from '../../../lib/event-bus';
import { httpErrorText } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { toast } from '../../../lib/toast';
import { deletePaket, getPaket, listPaket, setPaketStatus, UKK_KEY } from '../api/paket-api';
import { PaketAddModal, PaketEditModal, UnitAddModal } from './paket-modals';
import { TemplateModal } from './template-modal';
import { ConfirmDialog, type ConfirmState } from './ui';

const KEY = [...UKK_KEY, 'paket-list'] as const;

/**
 * Uji Kompetensi Keahlian (reference-screens §6.11; issue #13 item 5), for the Kaprog:
 * Kompetensi Keahlian | Nomor Paket | Nama Paket | Jml Unit | Status | Aksi (Tambah Unit, Detil,
 * Aktifkan/Non Aktifkan, Ubah, Hapus — a national package offers Detil only, a used one no Hapus).
 * "Tambah Data" in the header opens the add form.
 */
export function PaketScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [unitFor, setUnitFor] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [template, setTemplate] = useState(false);
  useBusEvent(def?.addButton?.action, () => setAdding(true));

  const done = (r: { message: string }) => {
    toast.success(serverText(r.message));
    void qc.invalidateQueries({ queryKey: UKK_KEY });
    setConfirm(null);
  };
  const failed = (e: unknown) => {
    setConfirm(null);
    toast.error(t('ukk.paket.failed'), httpErrorText(e, t), 'long');
  };
  const status = useMutation({
    mutationFn: (v: { id: string; status: 0 | 1 }) => setPaketStatus(v.id, v.status),
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({ mutationFn: deletePaket, onSuccess: done, onError: failed });

  const columns: ServerTableColumn<PaketRow>[] = [
    { accessor: 'nama_jurusan', title: t('ukk.paket.jurusan'), sortable: true },
    { accessor: 'nomor_paket', title: t('ukk.paket.nomor'), sortable: true, width: 120 },
    {
      accessor: 'nama_paket_id',
      title: t('ukk.paket.nama'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.nama_paket_id}</Text>
          <Text size="xs" c="dimmed" fs="italic">
            {r.nama_paket_en}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'jml_unit', title: t('ukk.paket.jmlUnit'), sortable: true, width: 100, textAlign: 'center' },
    {
      accessor: 'status',
      title: t('ukk.paket.status'),
      sortable: true,
      width: 130,
      render: (r) => (
        <Group gap={4}>
          <Badge color={r.status === 1 ? 'green' : 'gray'}>
            {t(r.status === 1 ? 'ukk.paket.aktif' : 'ukk.paket.tidakAktif')}
          </Badge>
          {r.nasional ? <Badge variant="outline">{t('ukk.paket.nasional')}</Badge> : null}
        </Group>
      ),
    },
    {
      accessor: 'aksi',
      title: t('ukk.paket.aksi'),
      width: 100,
      render: (r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light" data-testid="paket-aksi">
              {t('ukk.paket.aksi')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {r.nasional ? null : (
              <Menu.Item onClick={() => setUnitFor(r.paket_ukk_id)} data-testid="paket-tambah-unit">
                {t('ukk.paket.tambahUnit')}
              </Menu.Item>
            )}
            <Menu.Item onClick={() => setDetail(r.paket_ukk_id)} data-testid="paket-detil">
              {t('ukk.paket.detil')}
            </Menu.Item>
            {r.nasional ? null : (
              <>
                <Menu.Item
                  onClick={() => status.mutate({ id: r.paket_ukk_id, status: r.status === 1 ? 0 : 1 })}
                  data-testid="paket-status"
                >
                  {t(r.status === 1 ? 'ukk.paket.nonAktifkan' : 'ukk.paket.aktifkan')}
                </Menu.Item>
                <Menu.Item onClick={() => setEditing(r.paket_ukk_id)} data-testid="paket-ubah">
                  {t('ukk.paket.ubah')}
                </Menu.Item>
                {r.jml_rencana === 0 ? (
                  <Menu.Item
                    color="red"
                    data-testid="paket-hapus"
                    onClick={() =>
                      setConfirm({
                        text: t('ukk.paket.confirmDelete', { nomor: r.nomor_paket }),
                        onYes: () => remove.mutate(r.paket_ukk_id),
                      })
                    }
                  >
                    {t('ukk.paket.hapus')}
                  </Menu.Item>
                ) : null}
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button variant="light" onClick={() => setTemplate(true)} data-testid="template-open">
          {t('ukk.template.title')}
        </Button>
      </Group>
      <TemplateModal opened={template} onClose={() => setTemplate(false)} />
      <ServerTable<PaketRow>
        queryKey={KEY}
        fetchPage={(q) => listPaket(q)}
        columns={columns}
        idAccessor="paket_ukk_id"
        defaultSort={{ columnAccessor: 'nama_jurusan', direction: 'asc' }}
        searchPlaceholder={t('ukk.paket.search')}
        testId="paket-table"
      />
      <PaketAddModal opened={adding} onClose={() => setAdding(false)} />
      <UnitAddModal paketId={unitFor} onClose={() => setUnitFor(null)} />
      <PaketEditModal paketId={editing} onClose={() => setEditing(null)} />
      <PaketDetailModal paketId={detail} onClose={() => setDetail(null)} />
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Detil Data UKK": the package's fields and its units. */
function PaketDetailModal({ paketId, onClose }: { paketId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...UKK_KEY, 'paket', paketId],
    queryFn: () => getPaket(paketId ?? ''),
    enabled: paketId !== null,
  });
  return (
    <DetailModal
      opened={paketId !== null}
      onClose={onClose}
      title={t('ukk.paket.detailTitle')}
      query={q}
      testId="paket-detail"
    >
      {(d) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label={t('ukk.paket.jurusan')} value={d.nama_jurusan} />
            <DetailField label={t('ukk.paket.kurikulum')} value={d.nama_kurikulum} />
            <DetailField label={t('ukk.paket.nomor')} value={d.nomor_paket} />
            <DetailField
              label={t('ukk.paket.status')}
              value={t(d.status === 1 ? 'ukk.paket.aktif' : 'ukk.paket.tidakAktif')}
            />
            <DetailField label={t('ukk.paket.judulId')} value={d.nama_paket_id} />
            <DetailField label={t('ukk.paket.judulEn')} value={d.nama_paket_en} />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={480} scrollAreaProps={SCROLL_X_AREA}>
            <Table striped withTableBorder data-testid="paket-units">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>No</Table.Th>
                  <Table.Th>{t('ukk.paket.kodeUnit')}</Table.Th>
                  <Table.Th>{t('ukk.paket.namaUnitId')}</Table.Th>
                  <Table.Th>{t('ukk.paket.namaUnitEn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.units.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{t('ukk.paket.noUnit')}</Table.Td>
                  </Table.Tr>
                ) : (
                  d.units.map((u, i) => (
                    <Table.Tr key={u.unit_ukk_id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{u.kode_unit}</Table.Td>
                      <Table.Td>{u.nama_unit_id}</Table.Td>
                      <Table.Td>{u.nama_unit_en}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </DetailModal>
  );
}
