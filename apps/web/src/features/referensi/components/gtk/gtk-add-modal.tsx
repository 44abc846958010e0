import { emptyGtkInput, type GtkInput, type LocalGtkKind } from '@erapor/contract/referensi/gtk';
import { Alert, Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { createGtk, GTK_KEY, getGtkOptions } from '../../api/gtk-api';
import { Z } from './confirm-dialog';
import { GtkForm } from './gtk-form';
import { GtkImport } from './gtk-import';

/** "Tambah Data Instruktur/Asesor": one person by form, or many from the Excel format. */
export function GtkAddModal({
  kind,
  opened,
  onClose,
}: {
  kind: LocalGtkKind;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const options = useQuery({ queryKey: [...GTK_KEY, 'options'], queryFn: getGtkOptions, enabled: opened });
  const [value, setValue] = useState<GtkInput>(emptyGtkInput);
  const create = useMutation({
    mutationFn: () => createGtk(kind, value),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: GTK_KEY });
      setValue(emptyGtkInput());
      create.reset();
      onClose();
    },
  });
  const errors = create.error ? toHttpError(create.error).details : {};

  return (
    <Modal
      zIndex={Z.modal}
      opened={opened}
      onClose={onClose}
      size="90%"
      title={t(`referensi.gtk.addTitle.${kind}`)}
    >
      <Tabs defaultValue="form" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="form" data-testid="tab-form">
            {t('referensi.gtk.tabForm')}
          </Tabs.Tab>
          <Tabs.Tab value="import" data-testid="tab-import">
            {t('referensi.gtk.tabImport')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form">
          <Stack>
            {create.error ? (
              <Alert color="red" data-testid="form-error">
                {httpErrorMessage(create.error, t)}
              </Alert>
            ) : null}
            <GtkForm kind={kind} value={value} onChange={setValue} errors={errors} options={options.data} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button loading={create.isPending} onClick={() => create.mutate()} data-testid="gtk-form-save">
                {t('referensi.gtk.save')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <GtkImport kind={kind} options={options.data} onSaved={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
