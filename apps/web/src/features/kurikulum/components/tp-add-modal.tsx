import { TP_MESSAGES, type TpSaved, tpCreateSchema } from '@erapor/contract/kurikulum/tp';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  createTp,
  downloadTpTemplate,
  getTpSumber,
  importTp,
  KURIKULUM_KEY,
  type TpTarget,
} from '../api/kurikulum-api';
import { ClassFields, type ClassValue, EMPTY_CLASS } from './filters';
import { DROPDOWN, shorten, Z } from './ui';

/**
 * "Tambah Data Tujuan Pembelajaran" (reference-screens §6.9): class and subject, then the CP
 * (Merdeka) or Kompetensi + KD (K13), then the TPs — typed one per line, or from the Template TP
 * downloaded here and filled in Excel. Either way they are mapped to the chosen class.
 */
export function TpAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kelas, setKelas] = useState<ClassValue>(EMPTY_CLASS);
  const [kompetensi, setKompetensi] = useState<string | null>(null);
  const [sumber, setSumber] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);

  const pembelajaranId = kelas.pembelajaran_id;
  const sumberList = useQuery({
    queryKey: [...KURIKULUM_KEY, 'tp-sumber', pembelajaranId],
    queryFn: () => getTpSumber(pembelajaranId ?? ''),
    enabled: opened && !!pembelajaranId,
  });
  const jenis = sumberList.data?.jenis;
  const items = (sumberList.data?.data ?? []).filter(
    (s) => jenis !== 'kd' || !kompetensi || String(s.kompetensi_id) === kompetensi,
  );
  const target = (): TpTarget => ({
    pembelajaran_id: pembelajaranId ?? '',
    ...(jenis === 'kd' ? { kd_id: sumber ?? '' } : { cp_id: sumber ?? '' }),
  });

  const done = (r: TpSaved) => {
    toast.success(
      serverText(r.message),
      t('kurikulum.tp.savedDetail', { baru: r.baru, dipetakan: r.dipetakan }),
    );
    // A notice about the upload (e.g. the template names another class) stays until closed.
    for (const catatan of r.catatan ?? []) {
      toast.show({
        type: 'warning',
        style: 'long',
        timeout: 0,
        title: t('kurikulum.tp.savedNote'),
        text: catatan,
      });
    }
    void qc.invalidateQueries({ queryKey: KURIKULUM_KEY });
    setText('');
    setFile(null);
    setErrors({});
    setRefused(null);
    onClose();
  };
  const fail = (e: unknown) => {
    const err = toHttpError(e);
    setErrors(err.details);
    setRefused(Object.keys(err.details).length ? null : httpErrorMessage(e, t));
  };
  const saveForm = useMutation({
    mutationFn: () =>
      createTp({
        tingkat: kelas.tingkat ?? '',
        rombongan_belajar_id: kelas.rombongan_belajar_id ?? '',
        ...target(),
        deskripsi: text,
      } as Parameters<typeof createTp>[0]),
    onSuccess: done,
    onError: fail,
  });
  const upload = useMutation({
    mutationFn: (f: File) => importTp(target(), f),
    onSuccess: done,
    onError: fail,
  });
  const template = useMutation({ mutationFn: () => downloadTpTemplate(target()), onError: fail });

  const sumberError = errors.cp_id ?? errors.kd_id;
  const needSumber = () => {
    if (sumber) return true;
    setErrors((e) => ({ ...e, cp_id: TP_MESSAGES.sumberRequired }));
    return false;
  };
  const submitForm = () => {
    const check = tpCreateSchema.safeParse({
      tingkat: kelas.tingkat ?? '',
      rombongan_belajar_id: kelas.rombongan_belajar_id ?? '',
      ...target(),
      deskripsi: text,
    });
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return;
    }
    saveForm.mutate();
  };
  const submitFile = () => {
    if (!needSumber()) return;
    if (!file) {
      setErrors((e) => ({ ...e, template_excel: TP_MESSAGES.fileRequired }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('kurikulum.tp.addTitle')} size="xl" zIndex={Z.modal}>
      <Stack data-testid="tp-add-modal">
        {refused ? (
          <Alert color="red" data-testid="form-error">
            {refused}
          </Alert>
        ) : null}
        <ClassFields
          value={kelas}
          onChange={(v) => {
            setKelas(v);
            setSumber(null);
            setKompetensi(null);
            setErrors({});
            setRefused(null);
          }}
          errors={errors}
          opened={opened}
        />
        {jenis === 'kd' ? (
          <Select
            label={t('kurikulum.tp.kompetensi')}
            placeholder={t('kurikulum.tp.kompetensiPlaceholder')}
            data={[
              { value: '1', label: t('kurikulum.kd.pengetahuan') },
              { value: '2', label: t('kurikulum.kd.keterampilan') },
            ]}
            value={kompetensi}
            onChange={(v) => {
              setKompetensi(v);
              setSumber(null);
            }}
            comboboxProps={DROPDOWN}
            data-testid="tp-kompetensi"
          />
        ) : null}
        {pembelajaranId ? (
          <Select
            label={jenis === 'kd' ? t('kurikulum.tp.kd') : t('kurikulum.tp.cp')}
            placeholder={jenis === 'kd' ? t('kurikulum.tp.kdPlaceholder') : t('kurikulum.tp.cpPlaceholder')}
            data={items.map((s) => ({ value: s.id, label: `${s.kode} — ${shorten(s.deskripsi, 110)}` }))}
            value={sumber}
            onChange={(v) => {
              setSumber(v);
              setErrors({});
            }}
            error={sumberError}
            comboboxProps={DROPDOWN}
            searchable
            nothingFoundMessage={t('kurikulum.form.empty')}
            disabled={sumberList.isLoading}
            data-testid="tp-sumber"
          />
        ) : null}
        <Tabs defaultValue="form" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="form" data-testid="tp-tab-form">
              {t('kurikulum.tp.tabForm')}
            </Tabs.Tab>
            <Tabs.Tab value="excel" data-testid="tp-tab-excel">
              {t('kurikulum.tp.tabExcel')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="form">
            <Stack>
              <Textarea
                label={t('kurikulum.tp.deskripsi')}
                description={t('kurikulum.tp.deskripsiHint')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={errors.deskripsi}
                autosize
                minRows={4}
                data-testid="tp-deskripsi"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('kurikulum.form.close')}
                </Button>
                <Button loading={saveForm.isPending} onClick={submitForm} data-testid="tp-save">
                  {t('kurikulum.form.save')}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="excel">
            <Stack>
              <Text size="sm" c="dimmed">
                {t('kurikulum.tp.excelHint')}
              </Text>
              <Group>
                <Button
                  color="yellow"
                  loading={template.isPending}
                  onClick={() => needSumber() && template.mutate()}
                  data-testid="tp-template"
                >
                  {t('kurikulum.tp.unduhTemplate')}
                </Button>
              </Group>
              <FileInput
                label={t('kurikulum.tp.file')}
                placeholder={t('kurikulum.tp.filePlaceholder')}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setErrors((e) => ({ ...e, template_excel: '' }));
                }}
                error={errors.template_excel || undefined}
                clearable
                data-testid="tp-file"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('kurikulum.form.close')}
                </Button>
                <Button loading={upload.isPending} onClick={submitFile} data-testid="tp-upload">
                  {t('kurikulum.tp.unggah')}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}
