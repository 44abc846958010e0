import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { GradeGridRow, RowHeaderColumn } from '../../../../components/grade-grid/grade-grid-types';
import type { LoadedGrid } from '../../../../components/grade-grid/grid-model';
import { httpErrorMessage } from '../../../../lib/http-errors';
import type { TFunction } from '../../../../lib/i18n';
import { useTranslation } from '../../../../lib/i18n';
import { ASESMEN_KEY, type GridPart, type GridTypes, getGrid } from '../../api/asesmen-api';

/** A grid's data; never served from an old cache (the draft is built from it once). */
export function useGridQuery<P extends GridPart>(
  pembelajaranId: string,
  part: P,
): UseQueryResult<GridTypes[P]['grid']> {
  return useQuery({
    queryKey: [...ASESMEN_KEY, 'grid', part, pembelajaranId],
    queryFn: () => getGrid(pembelajaranId, part),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Loading and failure states of a grid query; null when the data is there. */
export function GridLoading({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" data-testid="asesmen-load-error">
        {httpErrorMessage(query.error, t)}
      </Alert>
    );
  }
  return null;
}

export const rowHeaderColumns = (t: TFunction, withNisn = true): RowHeaderColumn[] => [
  { label: t('penilaian.asesmen.grid.no'), width: 48 },
  { label: t('penilaian.asesmen.grid.nama'), width: 240 },
  ...(withNisn ? [{ label: t('penilaian.asesmen.grid.nisn'), width: 110 }] : []),
];

export function pupilRows(
  siswa: readonly { anggota_rombel_id: string; nama: string; nisn: string | null }[],
  withNisn = true,
): GradeGridRow[] {
  return siswa.map((s, i) => ({
    id: s.anggota_rombel_id,
    name: s.nama,
    header: withNisn ? [i + 1, s.nama, s.nisn ?? '–'] : [i + 1, s.nama],
  }));
}

/** Loaded values keyed by pupil then column. */
export function loadedOf<S extends { anggota_rombel_id: string }>(
  siswa: readonly S[],
  values: (s: S) => Record<string, string | number | null | undefined>,
): LoadedGrid {
  return Object.fromEntries(siswa.map((s) => [s.anggota_rombel_id, values(s)]));
}

/** A loaded cell's text back to the number the server holds ('' → null). */
export const before = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** "Tidak ditemukan data Tujuan Pembelajaran" with the link to the TP screen (reference-screens §7.1). */
export function NoTpAlert() {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('penilaian.asesmen.noTp')} data-testid="asesmen-no-tp">
      <Text size="sm">
        {t('penilaian.asesmen.noTpHint')}{' '}
        <Anchor component={Link} to="/referensi/tujuan-pembelajaran">
          {t('penilaian.asesmen.noTpLink')}
        </Anchor>
      </Text>
    </Alert>
  );
}
