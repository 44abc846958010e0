import { Alert, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useKnownChoice } from '../../../components/known-choice';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useView } from '../../../lib/view-search';

/** What every homeroom API answers besides its rows: the class shown and the wali's classes. */
interface KelasAnswer {
  rombel: { rombongan_belajar_id: string };
  kelas: { value: string; label: string }[];
}

/**
 * A homeroom screen's data for the class in the URL (`?kelas=`, decision 025), by default the
 * wali's first. A class that is not (or no longer) the caller's (403/404) is dropped from the URL,
 * back to their own, and that refusal is not shown as an error (`kelasGone`). `header` is what
 * `KelasHeader` needs to show and change the class.
 */
export function useKelasQuery<T extends KelasAnswer>(
  key: readonly unknown[],
  fetch: (kelas: string | null) => Promise<T>,
) {
  const [view, setView] = useView();
  const query = useQuery({
    queryKey: [...key, view.kelas ?? null],
    queryFn: () => fetch(view.kelas ?? null),
  });
  const data = query.data;
  const status = query.isError ? (toHttpError(query.error).status ?? 0) : 0;
  const kelasGone = [403, 404].includes(status) && !!view.kelas;
  useKnownChoice('kelas', view.kelas, kelasGone ? [] : data?.kelas.map((k) => k.value), setView);
  const header = {
    kelas: data?.kelas ?? [],
    value: data?.rombel.rombongan_belajar_id ?? null,
    onChange: (v: string | null) => setView({ kelas: v }),
  };
  return { query, data, status, kelasGone, header };
}

/**
 * The top card of every homeroom screen: Tahun Pelajaran (the login's semester) and Kelas (the
 * wali's regular classes; a picker only for the rare wali of two), with the screen's hint.
 */
export function KelasHeader(props: {
  kelas: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Changing class would drop unsaved typing: the picker waits until it is saved or undone. */
  locked?: boolean;
  hint: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { userData } = useSession();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label={t('wali-kelas.catatan.tahunPelajaran')}
            value={userData?.semester.nama ?? ''}
            readOnly
            w={200}
          />
          <Select
            label={t('wali-kelas.catatan.kelas')}
            data={[...props.kelas]}
            value={props.value}
            onChange={props.onChange}
            allowDeselect={false}
            disabled={props.locked || props.kelas.length < 2}
            w={220}
            data-testid={props.testId}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {props.hint}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Under the header while the class's data is not there: a spinner, or why it failed to load. A 409
 * (a page that does not apply in the login's semester, e.g. Kenaikan in Ganjil) is a notice with
 * the server's reason (`semesterTestId`); a class dropped from the URL (`kelasGone`) is no error.
 */
export function KelasLoad(props: {
  query: { isError: boolean; isPending: boolean; error: unknown };
  kelasGone: boolean;
  title: string;
  semesterTestId?: string;
}) {
  const { t } = useTranslation();
  const { query } = props;
  const semester = !!props.semesterTestId && query.isError && toHttpError(query.error).status === 409;
  return (
    <>
      {semester ? (
        <Alert color="yellow" data-testid={props.semesterTestId}>
          {httpErrorMessage(query.error, t)}
        </Alert>
      ) : query.isError && !props.kelasGone ? (
        <ErrorAlert title={props.title} error={query.error} />
      ) : null}
      {query.isPending ? <Loader /> : null}
    </>
  );
}
