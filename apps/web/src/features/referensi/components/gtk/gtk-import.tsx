import type { GtkField, GtkOptions, LocalGtkKind } from '@erapor/contract/referensi/gtk';
import { faTrash } from '@fortawesome/free-solid-svg-icons';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../../../../components/icon';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { downloadTemplate, GTK_KEY, previewImport, saveImport } from '../../api/gtk-api';
import { Z } from './confirm-dialog';
import { FIELD_LABEL } from './gtk-form';
import { editCell, type GridCells, splitDetails } from './import-grid';

interface GridRow extends GridCells {
  key: number;
  /** The workbook row it came from. */
  row: number;
}

const TEXT_COLUMNS: GtkField[] = [
  'nama',
  'nuptk',
  'nip',
  'nik',
  'jenis_kelamin',
  'tempat_lahir',
  'tanggal_lahir',
  'agama_id',
  'alamat',
  'rt',
  'rw',
  'desa_kelurahan',
  'kecamatan',
  'kode_pos',
  'no_hp',
  'email',
];

/**
 * Excel import (reference-screens §6.1): upload → the server reads the workbook and checks every
 * cell → an editable grid with each problem on its cell → "Simpan" saves all rows at once (the
 * server refuses the whole batch while any row is invalid; nothing is half-saved).
 */
export function GtkImport({
  kind,
  options,
  onSaved,
}: {
  kind: LocalGtkKind;
  options: GtkOptions | undefined;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<GridRow[]>([]);
  const preview = useMutation({
    mutationFn: (f: File) => previewImport(kind, f),
    onSuccess: (p) =>
      setRows(p.rows.map((r, i) => ({ key: i, row: r.row, values: r.values, errors: r.errors }))),
    onError: () => setRows([]),
  });
  const save = useMutation({
    mutationFn: () =>
      saveImport(
        kind,
        rows.map((r) => r.values),
      ),
    onSuccess: (r) => {
      toast.success(serverText(r.message), t('referensi.gtk.import.saved', { count: r.saved }));
      void qc.invalidateQueries({ queryKey: GTK_KEY });
      setRows([]);
      setFile(null);
      onSaved();
    },
    onError: (e) => {
      const byRow = splitDetails(toHttpError(e).details);
      setRows((prev) => prev.map((r, i) => ({ ...r, errors: byRow.get(i) ?? {} })));
    },
  });

  const edit = (key: number, field: GtkField, v: string | number | null) =>
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...editCell(r, field, v, kind) } : r)));
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  const fileError = preview.error
    ? (toHttpError(preview.error).details.file_excel ?? httpErrorMessage(preview.error, t))
    : null;

  const cell = (r: GridRow, field: GtkField) => {
    const error = r.errors[field];
    const common = {
      size: 'xs' as const,
      error: error ? true : undefined,
      'aria-label': `${t(FIELD_LABEL[field])} ${r.row}`,
    };
    let input: React.ReactNode;
    if (field === 'agama_id' || field === 'dudi_id' || field === 'jenis_kelamin') {
      const data =
        field === 'jenis_kelamin'
          ? ['L', 'P']
          : (field === 'agama_id' ? (options?.agama ?? []) : (options?.dudi ?? [])).map((o) => ({
              value: String(o.value),
              label: o.label,
            }));
      const value = r.values[field];
      input = (
        <NativeSelect
          {...common}
          data={[{ value: '', label: '—' }, ...data]}
          value={value === null ? '' : String(value)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            edit(
              r.key,
              field,
              field === 'agama_id' ? (v ? Number(v) : null) : field === 'dudi_id' ? v || null : v,
            );
          }}
        />
      );
    } else {
      input = (
        <TextInput
          {...common}
          type={field === 'tanggal_lahir' ? 'date' : 'text'}
          value={String(r.values[field] ?? '')}
          onChange={(e) => edit(r.key, field, e.currentTarget.value)}
        />
      );
    }
    return (
      <Table.Td
        key={field}
        data-field={field}
        data-invalid={error ? 'true' : undefined}
        miw={field === 'nama' || field === 'email' ? 200 : 120}
      >
        {input}
        {error ? (
          <Text size="xs" c="red" data-testid="cell-error">
            {error}
          </Text>
        ) : null}
      </Table.Td>
    );
  };

  const columns: GtkField[] = kind === 'asesor' ? [...TEXT_COLUMNS, 'dudi_id'] : TEXT_COLUMNS;
  return (
    <Stack data-testid="gtk-import">
      <Group align="end">
        <FileInput
          label={t('referensi.gtk.import.file')}
          placeholder={t('referensi.gtk.import.filePlaceholder')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          clearable
          w={360}
          data-testid="import-file"
          error={fileError}
          onChange={(f) => {
            setFile(f);
            setRows([]);
            if (f) preview.mutate(f);
            else preview.reset();
          }}
        />
        <Button
          color="yellow"
          onClick={() => void downloadTemplate(kind).catch((e) => toast.error(httpErrorMessage(e, t)))}
        >
          {t('referensi.gtk.import.template')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {preview.isPending ? t('referensi.gtk.import.reading') : t('referensi.gtk.import.hint')}
      </Text>
      {rows.length > 0 ? (
        <>
          <Group justify="space-between">
            <Badge color={invalid ? 'red' : 'green'} size="lg" data-testid="import-summary">
              {invalid
                ? t('referensi.gtk.import.summary', { total: rows.length, invalid })
                : t('referensi.gtk.import.allValid', { total: rows.length })}
            </Badge>
            {invalid ? (
              <Button
                variant="light"
                color="red"
                data-testid="remove-invalid"
                onClick={() => setRows((prev) => prev.filter((r) => Object.keys(r.errors).length === 0))}
              >
                {t('referensi.gtk.import.removeInvalid')}
              </Button>
            ) : null}
          </Group>
          {save.error && !Object.keys(toHttpError(save.error).details).length ? (
            <Alert color="red">{httpErrorMessage(save.error, t)}</Alert>
          ) : null}
          <Table.ScrollContainer minWidth={2400} maxHeight={480}>
            <Table striped withTableBorder withColumnBorders data-testid="import-grid" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('referensi.gtk.import.no')}</Table.Th>
                  {columns.map((f) => (
                    <Table.Th key={f}>{t(FIELD_LABEL[f])}</Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr
                    key={r.key}
                    data-testid="import-row"
                    data-invalid={Object.keys(r.errors).length ? 'true' : undefined}
                  >
                    <Table.Td>
                      <Tooltip zIndex={Z.dropdown} label={t('referensi.gtk.import.row', { row: r.row })}>
                        <span>{r.row - 1}</span>
                      </Tooltip>
                    </Table.Td>
                    {columns.map((f) => cell(r, f))}
                    <Table.Td>
                      <ActionIcon
                        color="red"
                        variant="subtle"
                        aria-label={t('referensi.gtk.import.removeRow')}
                        onClick={() => setRows((prev) => prev.filter((x) => x.key !== r.key))}
                      >
                        <Icon icon={faTrash} size={14} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={rows.length === 0}
              onClick={() => save.mutate()}
              data-testid="import-save"
            >
              {t('referensi.gtk.save')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
