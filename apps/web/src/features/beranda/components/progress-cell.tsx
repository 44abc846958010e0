import { progressOf } from '@erapor/contract/penilaian/beranda';
import { Group, Progress, Text } from '@mantine/core';

/** "12 / 36" with a bar: green once every expected pupil has a nilai akhir (shared counting rules). */
export function ProgressCell({ dinilai, anggota }: { dinilai: number; anggota: number }) {
  const { percent, complete } = progressOf(dinilai, anggota);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="progress">
      <Text size="sm" w={64} ta="right" data-testid="progress-count">
        {dinilai} / {anggota}
      </Text>
      <Progress value={percent ?? 0} color={complete ? 'green' : 'blue'} w={80} size="sm" aria-hidden />
    </Group>
  );
}
