import type { MapelPickerResponse } from '@erapor/contract/penilaian/asesmen';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { Alert, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { httpErrorMessage } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { useView } from '../../lib/view-search';
import { useKnownChoice } from '../known-choice';
import { HeaderForm, type HeaderValue, JENIS_ROMBEL, useMapelPicker, useRombelPicker } from './header-form';

const TINGKAT_VALUES = TINGKAT.map(String);
const NO_EXTRA: readonly string[] = [];

/**
 * A grade-entry screen: the header form, then the grid of the chosen subject. Every choice lives
 * in the URL (`tingkat`, `jenis`, `rombel`, `mapel` and the screen's own `asesmen`; lib/view-search):
 * a reload, Back and a shared link show the same grid; a class or subject the user no longer
 * teaches is cleared with a notice. Changing a choice while the grid holds unsaved grades is
 * asked by the grid's own guard, which holds every navigation (the URL's included).
 * `extraOptions` are the values of the screen's own field after Mata Pelajaran (e.g. Jenis
 * Asesmen); when given, the grid waits for one.
 */
export function AsesmenShell({
  extraOptions,
  extraFields,
  children,
}: {
  extraOptions?: readonly string[];
  extraFields?: (
    extra: string | null,
    change: (next: string | null) => void,
    mapel: MapelPickerResponse | undefined,
  ) => ReactNode;
  children: (args: { pembelajaranId: string; extra: string | null }) => ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const tingkatOk = useKnownChoice('tingkat', view.tingkat, TINGKAT_VALUES, setView, [
    'jenis',
    'rombel',
    'mapel',
    'asesmen',
  ]);
  const jenisOk = useKnownChoice('jenis', view.jenis, JENIS_ROMBEL, setView, ['rombel', 'mapel', 'asesmen']);
  const tingkat = tingkatOk ? (view.tingkat ?? null) : null;
  const jenis = jenisOk ? (view.jenis ?? null) : null;
  const rombel = useRombelPicker(tingkat, jenis);
  const rombelOk = useKnownChoice(
    'rombel',
    view.rombel,
    tingkat && jenis ? rombel.data?.map((r) => r.rombongan_belajar_id) : undefined,
    setView,
    ['mapel', 'asesmen'],
  );
  const rombelId = rombelOk ? (view.rombel ?? null) : null;
  const mapel = useMapelPicker(rombelId);
  const mapelOk = useKnownChoice(
    'mapel',
    view.mapel,
    rombelId ? mapel.data?.data.map((p) => p.pembelajaran_id) : undefined,
    setView,
    ['asesmen'],
  );
  const extraOk = useKnownChoice('asesmen', view.asesmen, extraOptions ?? NO_EXTRA, setView);

  const header: HeaderValue = {
    tingkat,
    jenis_rombel: jenis,
    rombongan_belajar_id: rombelId,
    pembelajaran_id: mapelOk ? (view.mapel ?? null) : null,
  };
  const extra = extraOk ? (view.asesmen ?? null) : null;
  const changeHeader = (next: HeaderValue) =>
    setView({
      tingkat: next.tingkat,
      jenis: next.jenis_rombel,
      rombel: next.rombongan_belajar_id,
      mapel: next.pembelajaran_id,
      asesmen: next.pembelajaran_id === header.pembelajaran_id ? extra : null,
    });

  const id = header.pembelajaran_id;
  const show = id && (extraOptions ? extra !== null : true);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <HeaderForm value={header} onChange={changeHeader} rombel={rombel.data} mapel={mapel.data}>
          {id && extraFields ? extraFields(extra, (next) => setView({ asesmen: next }), mapel.data) : null}
        </HeaderForm>
        {rombel.isError || mapel.isError ? (
          <Alert color="red" mt="sm">
            {httpErrorMessage(rombel.error ?? mapel.error, t)}
          </Alert>
        ) : null}
      </Paper>
      {show ? (
        <Paper withBorder radius="md" p="md">
          {children({ pembelajaranId: id, extra })}
        </Paper>
      ) : null}
    </Stack>
  );
}
