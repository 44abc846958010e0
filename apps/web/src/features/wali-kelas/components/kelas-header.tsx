import { Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

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
