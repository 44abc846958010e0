import { TP_IN_USE_CODE, TP_MESSAGES } from '@erapor/contract/kurikulum/tp';
import { Alert, Button, Group, Loader, Modal, MultiSelect, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getTpMapel, KURIKULUM_KEY, mapTp, unmapTp } from '../api/kurikulum-api';
import { ConfirmDialog, type ConfirmState, DROPDOWN, Z } from './ui';

/**
 * "Petakan TP ke Rombongan Belajar" (reference-screens §6.9): the classes the TP is taught in this
 * semester (each removable by its teacher), and Tingkat → Rombongan Belajar (several) among the
 * caller's classes where it fits. Removing a link that carries grades asks a second time.
 */
export function TpMapelModal({ tpId, onClose }: { tpId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [tingkat, setTingkat] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const key = [...KURIKULUM_KEY, 'tp-mapel', tpId];
  const data = useQuery({ queryKey: key, queryFn: () => getTpMapel(tpId ?? ''), enabled: !!tpId });

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: [...KURIKULUM_KEY, 'tp'] });
  };
  const add = useMutation({
    mutationFn: () => mapTp(tpId ?? '', chosen),
    onSuccess: (r) => {
      toast.success(r.message);
      setChosen([]);
      setError(null);
      refresh();
    },
    onError: (e) => setError(httpErrorMessage(e, t)),
  });
  const remove = useMutation({
    mutationFn: (v: { pembelajaranId: string; force: boolean }) =>
      unmapTp(tpId ?? '', v.pembelajaranId, v.force),
    onSuccess: (r) => {
      toast.success(r.message);
      setConfirm(null);
      refresh();
    },
    onError: (e, v) => {
      const err = toHttpError(e);
      if (err.code === TP_IN_USE_CODE && !v.force) {
        // Grades hang off this link: ask again, naming them, before they go.
        setConfirm({ text: err.message, onYes: () => remove.mutate({ ...v, force: true }) });
        return;
      }
      setConfirm(null);
      setError(httpErrorMessage(e, t));
    },
  });

  const close = () => {
    setTingkat(null);
    setChosen([]);
    setError(null);
    onClose();
  };
  const pilihan = data.data?.pilihan ?? [];
  const levels = [...new Set(pilihan.map((p) => p.tingkat))].sort((a, b) => a - b);

  return (
    <Modal
      opened={tpId !== null}
      onClose={close}
      title={t('kurikulum.tp.mapelTitle')}
      size="lg"
      zIndex={Z.modal}
    >
      <Stack data-testid="tp-mapel-modal">
        {data.isLoading ? <Loader size="sm" /> : null}
        {data.isError ? <Alert color="red">{httpErrorMessage(data.error, t)}</Alert> : null}
        {error ? (
          <Alert color="red" data-testid="mapel-error">
            {error}
          </Alert>
        ) : null}
        {data.data && data.data.data.length > 0 ? (
          <>
            <Text size="sm">{t('kurikulum.tp.mappedTo', { tp: data.data.tp.deskripsi })}</Text>
            <Table withTableBorder striped data-testid="tp-mapel-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={50}>{t('kurikulum.columns.no')}</Table.Th>
                  <Table.Th>{t('kurikulum.columns.rombel')}</Table.Th>
                  <Table.Th>{t('kurikulum.columns.mapel')}</Table.Th>
                  <Table.Th w={90}>{t('kurikulum.columns.aksi')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.data.map((r, i) => (
                  <Table.Tr key={r.pembelajaran_id} data-testid="tp-mapel-row">
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{r.rombel}</Table.Td>
                    <Table.Td>{r.mata_pelajaran}</Table.Td>
                    <Table.Td>
                      {r.can_remove ? (
                        <Button
                          size="compact-xs"
                          color="red"
                          data-testid="tp-unmap"
                          onClick={() =>
                            setConfirm({
                              text: t('kurikulum.tp.confirmUnmap', { rombel: r.rombel }),
                              onYes: () => remove.mutate({ pembelajaranId: r.pembelajaran_id, force: false }),
                            })
                          }
                        >
                          {t('kurikulum.action.hapus')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : data.data ? (
          <Text size="sm" c="dimmed">
            {t('kurikulum.tp.notMapped')}
          </Text>
        ) : null}
        <Select
          label={t('kurikulum.form.tingkat')}
          placeholder={t('kurikulum.form.tingkatPlaceholder')}
          data={levels.map((l) => ({ value: String(l), label: t('kurikulum.form.kelas', { tingkat: l }) }))}
          value={tingkat}
          onChange={(v) => {
            setTingkat(v);
            setChosen([]);
          }}
          comboboxProps={DROPDOWN}
          nothingFoundMessage={t('kurikulum.form.empty')}
          data-testid="mapel-tingkat"
        />
        <MultiSelect
          label={t('kurikulum.form.rombel')}
          placeholder={t('kurikulum.form.rombelPlaceholder')}
          data={pilihan
            .filter((p) => String(p.tingkat) === tingkat)
            .map((p) => ({ value: p.value, label: p.label }))}
          value={chosen}
          onChange={setChosen}
          comboboxProps={DROPDOWN}
          disabled={!tingkat}
          data-testid="mapel-rombel"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('kurikulum.form.close')}
          </Button>
          <Button
            loading={add.isPending}
            onClick={() => (chosen.length ? add.mutate() : setError(TP_MESSAGES.mapRombelRequired))}
            data-testid="mapel-save"
          >
            {t('kurikulum.form.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </Modal>
  );
}
