import { kdCreateSchema } from '@erapor/contract/kurikulum/kd';
import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { createKd, KURIKULUM_KEY } from '../api/kurikulum-api';
import { ClassFields, type ClassValue, EMPTY_CLASS } from './filters';
import { DROPDOWN, Z } from './ui';

/** "Tambah Data Kompetensi Dasar" (reference-screens §6.7): a KD of the school for a K13 class's subject. */
export function KdAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kelas, setKelas] = useState<ClassValue>(EMPTY_CLASS);
  const [aspek, setAspek] = useState<string | null>(null);
  const [kode, setKode] = useState('');
  const [teks, setTeks] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body = () => ({
    tingkat: kelas.tingkat ?? '',
    rombongan_belajar_id: kelas.rombongan_belajar_id ?? '',
    pembelajaran_id: kelas.pembelajaran_id ?? '',
    kompetensi_id: aspek ?? '',
    id_kompetensi: kode,
    kompetensi_dasar: teks,
  });
  const save = useMutation({
    mutationFn: () => createKd(body() as Parameters<typeof createKd>[0]),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: [...KURIKULUM_KEY, 'kd'] });
      setKode('');
      setTeks('');
      setErrors({});
      onClose();
    },
    onError: (e) => setErrors(toHttpError(e).details),
  });
  const submit = () => {
    const check = kdCreateSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutate();
  };
  const refused = save.error && Object.keys(toHttpError(save.error).details).length === 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('kurikulum.kd.addTitle')} size="lg" zIndex={Z.modal}>
      <Stack data-testid="kd-add-modal">
        {refused ? (
          <Alert color="red" data-testid="form-error">
            {httpErrorMessage(save.error, t)}
          </Alert>
        ) : null}
        <ClassFields kind="k13" value={kelas} onChange={setKelas} errors={errors} opened={opened} />
        <Select
          label={t('kurikulum.kd.aspek')}
          placeholder={t('kurikulum.kd.aspekPlaceholder')}
          data={[
            { value: '1', label: t('kurikulum.kd.pengetahuan') },
            { value: '2', label: t('kurikulum.kd.keterampilan') },
          ]}
          value={aspek}
          onChange={setAspek}
          error={errors.kompetensi_id}
          comboboxProps={DROPDOWN}
          data-testid="kd-aspek"
        />
        <TextInput
          label={t('kurikulum.kd.kode')}
          placeholder={t('kurikulum.kd.kodePlaceholder')}
          value={kode}
          onChange={(e) => setKode(e.currentTarget.value)}
          error={errors.id_kompetensi}
          data-testid="kd-kode"
        />
        <Textarea
          label={t('kurikulum.kd.deskripsi')}
          value={teks}
          onChange={(e) => setTeks(e.currentTarget.value)}
          error={errors.kompetensi_dasar}
          autosize
          minRows={3}
          data-testid="kd-deskripsi"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kurikulum.form.close')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="kd-save">
            {t('kurikulum.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
