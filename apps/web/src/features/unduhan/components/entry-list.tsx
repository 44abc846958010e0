import type { UnduhanEntry, UnduhanValues } from '@erapor/contract/unduhan/katalog';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { downloadEntry } from '../api/unduhan-api';

const EMPTY: Required<UnduhanValues> = {
  pembelajaran: '',
  cp: '',
  rombel: '',
  anggota: '',
  ukk: '',
  pkl: '',
  pd: '',
};

/** The missing choice an entry waits for, or null when it can be downloaded. */
function missing(entry: UnduhanEntry, values: UnduhanValues): string | null {
  return entry.params.find((p) => !values[p]) ?? null;
}

/**
 * A section's entries: title, format and "Unduh". An entry whose choices are not made yet says
 * which one it waits for instead of failing on the server.
 */
export function EntryList({
  entries,
  values = {},
}: {
  entries: readonly UnduhanEntry[];
  values?: UnduhanValues;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: (entry: UnduhanEntry) => downloadEntry(entry, { ...EMPTY, ...values }),
    onSuccess: (name) => toast.success(t('unduhan.downloaded', { name })),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  // One row per entry that wraps on a phone (a table of three columns would not fit 390 px).
  return (
    <Stack gap={0} data-testid="unduhan-entries" className="er-unduhan-entries">
      {entries.map((entry) => {
        const waits = missing(entry, values);
        return (
          <Group
            key={entry.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            data-testid={`unduhan-${entry.id}`}
          >
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge
                variant="light"
                color={entry.format === 'pdf' ? 'red' : 'green'}
                aria-label={t('unduhan.columns.format')}
              >
                {entry.format.toUpperCase()}
              </Badge>
              <Text size="sm" fw={500}>
                {entry.judul}
              </Text>
            </Group>
            <Group gap="xs" wrap="wrap">
              {waits ? (
                <Text size="xs" c="dimmed">
                  {t(`unduhan.waits.${waits}`)}
                </Text>
              ) : null}
              <Button
                size="xs"
                disabled={waits !== null}
                loading={download.isPending && download.variables?.id === entry.id}
                onClick={() => download.mutate(entry)}
                aria-label={`${t('unduhan.unduh')} ${entry.judul}`}
              >
                {t('unduhan.unduh')}
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
