import type { MapelPickerResponse } from '@erapor/contract/penilaian/asesmen';
import { Alert, Paper, Stack } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { UnsavedConfirm } from '../../../../components/grade-grid/unsaved-confirm';
import { httpErrorMessage } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { EMPTY_HEADER, HeaderForm, type HeaderValue, useMapelPicker } from '../header-form';

/**
 * A grade-entry screen: the header form, then the grid of the chosen subject. Changing a choice
 * while the grid holds unsaved grades asks first (the grid's own guard covers the menu and the
 * tab). `extra` are the screen's own fields after Mata Pelajaran (e.g. Jenis Asesmen), held
 * back the same way.
 */
export function AsesmenShell<E>({
  extraInitial,
  extraFields,
  ready,
  children,
}: {
  extraInitial: E;
  extraFields?: (extra: E, change: (next: E) => void, mapel: MapelPickerResponse | undefined) => ReactNode;
  /** Whether the extra fields are complete. */
  ready?: (extra: E) => boolean;
  children: (args: { pembelajaranId: string; extra: E; onDirty: (dirty: boolean) => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ header: HeaderValue; extra: E }>({
    header: EMPTY_HEADER,
    extra: extraInitial,
  });
  const [pending, setPending] = useState<{ header: HeaderValue; extra: E } | null>(null);
  const [dirty, setDirty] = useState(false);
  const onDirty = useCallback((d: boolean) => setDirty(d), []);
  const mapel = useMapelPicker(state.header.rombongan_belajar_id);

  const request = (next: { header: HeaderValue; extra: E }) => {
    if (dirty) setPending(next);
    else setState(next);
  };
  const changeHeader = (header: HeaderValue) =>
    request({
      header,
      extra: header.pembelajaran_id === state.header.pembelajaran_id ? state.extra : extraInitial,
    });

  const id = state.header.pembelajaran_id;
  const show = id && (ready ? ready(state.extra) : true);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <HeaderForm value={state.header} onChange={changeHeader} mapel={mapel.data}>
          {id && extraFields
            ? extraFields(state.extra, (extra) => request({ ...state, extra }), mapel.data)
            : null}
        </HeaderForm>
        {mapel.isError ? (
          <Alert color="red" mt="sm">
            {httpErrorMessage(mapel.error, t)}
          </Alert>
        ) : null}
      </Paper>
      {show ? (
        <Paper withBorder radius="md" p="md">
          {children({ pembelajaranId: id, extra: state.extra, onDirty })}
        </Paper>
      ) : null}
      <UnsavedConfirm
        opened={pending !== null}
        onStay={() => setPending(null)}
        onLeave={() => {
          if (pending) setState(pending);
          setPending(null);
          setDirty(false);
        }}
      />
    </Stack>
  );
}
