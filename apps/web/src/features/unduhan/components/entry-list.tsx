import type { UnduhanEntry, UnduhanValues } from '@erapor/contract/unduhan/katalog';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { downloadEntry } from '../api/unduhan-api';

const EMPTY: Required<UnduhanValues> = { pembelajaran: '', cp: '', rombel: '', anggota: '' };

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
  return (
    <Table striped withTableBorder verticalSpacing="xs" data-testid="unduhan-entries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('unduhan.columns.judul')}</Table.Th>
          <Table.Th w={90}>{t('unduhan.columns.format')}</Table.Th>
          <Table.Th w={220}>{t('unduhan.columns.aksi')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => {
          const waits = missing(entry, values);
          return (
            <Table.Tr key={entry.id} data-testid={`unduhan-${entry.id}`}>
              <Table.Td>{entry.judul}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={entry.format === 'pdf' ? 'red' : 'green'}>
                  {entry.format.toUpperCase()}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    disabled={waits !== null}
                    loading={download.isPending && download.variables?.id === entry.id}
                    onClick={() => download.mutate(entry)}
                    aria-label={`${t('unduhan.unduh')} ${entry.judul}`}
                  >
                    {t('unduhan.unduh')}
                  </Button>
                  {waits ? (
                    <Text size="xs" c="dimmed">
                      {t(`unduhan.waits.${waits}`)}
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
