import { type GtkDetail, type GtkInput, gtkInputSchema } from '@erapor/contract/referensi/gtk';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../../components/error-alert';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { deleteGtk, GTK_KEY, getGtk, getGtkOptions, updateGelar, updateGtk } from '../../api/gtk-api';
import { ConfirmDialog, DROPDOWN, formatDate, Z } from './confirm-dialog';
import { GtkForm } from './gtk-form';

/** The form's values from a detail (for editing an instruktur / asesor). */
function inputOf(d: GtkDetail): GtkInput {
  return gtkInputSchema.parse({
    nama: d.nama,
    nuptk: d.nuptk ?? '',
    nip: d.nip ?? '',
    nik: d.nik ?? '',
    jenis_kelamin: d.jenis_kelamin ?? '',
    tempat_lahir: d.tempat_lahir ?? '',
    tanggal_lahir: d.tanggal_lahir ?? '',
    agama_id: d.agama_id,
    alamat: d.alamat ?? '',
    rt: d.rt ?? '',
    rw: d.rw ?? '',
    desa_kelurahan: d.desa_kelurahan ?? '',
    kecamatan: d.kecamatan ?? '',
    kode_pos: d.kode_pos ?? '',
    no_hp: d.no_hp ?? '',
    email: d.email ?? '',
    dudi_id: d.dudi_id,
  });
}

/**
 * "DETIL {nama}" (reference-screens §6.1): read-only data, editable academic titles and NIY (and the DUDI
 * of an asesor); instruktur and asesor can also be edited and deleted.
 */
export function GtkDetailModal({ guruId, onClose }: { guruId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: [...GTK_KEY, 'detail', guruId],
    queryFn: () => getGtk(guruId ?? ''),
    enabled: !!guruId,
  });
  const options = useQuery({ queryKey: [...GTK_KEY, 'options'], queryFn: getGtkOptions, enabled: !!guruId });
  const [depan, setDepan] = useState<string[]>([]);
  const [belakang, setBelakang] = useState<string[]>([]);
  const [dudiId, setDudiId] = useState<string | null>(null);
  const [niy, setNiy] = useState('');
  const [editing, setEditing] = useState<GtkInput | null>(null);
  const [confirming, setConfirming] = useState(false);
  const d = detail.data;

  useEffect(() => {
    if (!d) return;
    setDepan(d.gelar_depan.map(String));
    setBelakang(d.gelar_belakang.map(String));
    setDudiId(d.dudi_id);
    setNiy(d.niy ?? '');
    setEditing(null);
  }, [d]);

  const done = (message: string) => {
    toast.success(message);
    void qc.invalidateQueries({ queryKey: GTK_KEY });
  };
  const saveGelar = useMutation({
    mutationFn: () =>
      updateGelar(guruId ?? '', {
        gelar_depan: depan.map(Number),
        gelar_belakang: belakang.map(Number),
        niy,
        ...(d?.jenis === 'asesor' ? { dudi_id: dudiId } : {}),
      }),
    onSuccess: (r) => done(r.message),
  });
  const saveEdit = useMutation({
    mutationFn: (input: GtkInput) => updateGtk(guruId ?? '', input),
    onSuccess: (r) => {
      done(r.message);
      setEditing(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteGtk(guruId ?? ''),
    onSuccess: (r) => {
      setConfirming(false);
      done(r.message);
      onClose();
    },
    onError: (e) => {
      setConfirming(false);
      toast.error(httpErrorMessage(e, t));
    },
  });
  const gelarErrors = saveGelar.error ? toHttpError(saveGelar.error).details : {};
  const editErrors = saveEdit.error ? toHttpError(saveEdit.error).details : {};

  const ro = (label: string, value: string | null | undefined) => (
    <TextInput key={label} label={label} value={value ?? ''} readOnly variant="filled" />
  );

  return (
    <Modal
      zIndex={Z.modal}
      opened={!!guruId}
      onClose={onClose}
      size="xl"
      title={d ? t('referensi.gtk.detailTitle', { name: d.nama_lengkap }) : t('referensi.gtk.detail')}
    >
      {detail.isPending ? <Loader /> : null}
      {detail.isError ? <ErrorAlert title={t('referensi.gtk.loadFailed')} error={detail.error} /> : null}
      {d && editing ? (
        <Stack data-testid="gtk-edit">
          {saveEdit.error ? <Alert color="red">{httpErrorMessage(saveEdit.error, t)}</Alert> : null}
          <GtkForm
            kind={d.jenis === 'asesor' ? 'asesor' : 'instruktur'}
            value={editing}
            onChange={setEditing}
            errors={editErrors}
            options={options.data}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('referensi.gtk.confirm.cancel')}
            </Button>
            <Button
              loading={saveEdit.isPending}
              onClick={() => saveEdit.mutate(editing)}
              data-testid="gtk-edit-save"
            >
              {t('referensi.gtk.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {d && !editing ? (
        <Stack data-testid="gtk-detail-modal">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ro(t('referensi.gtk.fields.nama'), d.nama)}
            {ro(t('referensi.gtk.fields.nuptk'), d.nuptk)}
            {ro(t('referensi.gtk.fields.nip'), d.nip)}
            {ro(t('referensi.gtk.fields.nik'), d.nik)}
            {ro(
              t('referensi.gtk.fields.jenisKelamin'),
              d.jenis_kelamin ? t(`referensi.gtk.sex.${d.jenis_kelamin === 'P' ? 'P' : 'L'}`) : '',
            )}
            {ro(t('referensi.gtk.fields.tempatLahir'), d.tempat_lahir)}
            {ro(t('referensi.gtk.fields.tanggalLahir'), formatDate(d.tanggal_lahir))}
            {ro(t('referensi.gtk.fields.agama'), d.agama)}
            {ro(t('referensi.gtk.fields.alamat'), d.alamat)}
            {ro(t('referensi.gtk.fields.rt'), d.rt)}
            {ro(t('referensi.gtk.fields.rw'), d.rw)}
            {ro(t('referensi.gtk.fields.desa'), d.desa_kelurahan)}
            {ro(t('referensi.gtk.fields.kecamatan'), d.kecamatan)}
            {ro(t('referensi.gtk.fields.kodePos'), d.kode_pos)}
            {ro(t('referensi.gtk.fields.noHp'), d.no_hp)}
            {ro(t('referensi.gtk.fields.email'), d.email)}
            <MultiSelect
              comboboxProps={DROPDOWN}
              label={t('referensi.gtk.fields.gelarDepan')}
              data-testid="gelar-depan"
              searchable
              data={(options.data?.gelar_depan ?? []).map((g) => ({
                value: String(g.value),
                label: g.label,
              }))}
              value={depan}
              onChange={setDepan}
              error={gelarErrors.gelar_depan}
            />
            <MultiSelect
              comboboxProps={DROPDOWN}
              label={t('referensi.gtk.fields.gelarBelakang')}
              data-testid="gelar-belakang"
              searchable
              data={(options.data?.gelar_belakang ?? []).map((g) => ({
                value: String(g.value),
                label: g.label,
              }))}
              value={belakang}
              onChange={setBelakang}
              error={gelarErrors.gelar_belakang}
            />
            <TextInput
              label={t('referensi.gtk.fields.niy')}
              description={t('referensi.gtk.fields.niyHint')}
              data-testid="detail-niy"
              maxLength={64}
              value={niy}
              onChange={(e) => setNiy(e.currentTarget.value)}
              error={gelarErrors.niy}
            />
            {d.jenis === 'asesor' ? (
              <Select
                comboboxProps={DROPDOWN}
                label={t('referensi.gtk.fields.dudi')}
                data-testid="detail-dudi"
                searchable
                data={options.data?.dudi ?? []}
                value={dudiId}
                onChange={setDudiId}
                error={gelarErrors.dudi_id}
              />
            ) : null}
          </SimpleGrid>
          {saveGelar.error && !Object.keys(gelarErrors).length ? (
            <Alert color="red">{httpErrorMessage(saveGelar.error, t)}</Alert>
          ) : null}
          <Group justify="space-between">
            <Group>
              {d.editable ? (
                <>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => setConfirming(true)}
                    data-testid="gtk-delete"
                  >
                    {t('referensi.gtk.delete')}
                  </Button>
                  <Button variant="light" onClick={() => setEditing(inputOf(d))} data-testid="gtk-edit-open">
                    {t('referensi.gtk.edit')}
                  </Button>
                </>
              ) : null}
            </Group>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button
                loading={saveGelar.isPending}
                onClick={() => saveGelar.mutate()}
                data-testid="gtk-update"
              >
                {t('referensi.gtk.update')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        text={t('referensi.gtk.confirmDelete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}
