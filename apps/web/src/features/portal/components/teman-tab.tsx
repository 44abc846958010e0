import { Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { getTemanSekelas, PORTAL_KEY } from '../api/portal-api';

function ttl(tempat: string | null, tanggal: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(tanggal ?? '');
  return [tempat, m ? `${m[3]}-${m[2]}-${m[1]}` : null].filter(Boolean).join(', ') || '-';
}

/**
 * Teman Sekelas (reference-screens §2.7, profileTeman.vue) of one semester (a tab of SemesterTabs):
 * name, place and date of birth; e-mail and phone only where the school shows them (decision 046).
 */
export function TemanTable({ semesterId }: { semesterId: string }) {
  const { t } = useTranslation();
  const teman = useQuery({
    queryKey: [...PORTAL_KEY, 'teman', semesterId],
    queryFn: () => getTemanSekelas(semesterId),
  });
  if (teman.isError) return <ErrorAlert title={t('portal.loadFailed')} error={teman.error} />;
  if (!teman.data) return <Loader size="sm" />;
  const { kontak, data, rombel } = teman.data;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('portal.teman.title', { rombel, jumlah: data.length })}</Text>
      {kontak ? null : (
        <Text size="sm" c="dimmed">
          {t('portal.teman.kontakHidden')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={kontak ? 640 : 420}>
        <Table striped withTableBorder data-testid="portal-teman-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>{t('portal.columns.no')}</Table.Th>
              <Table.Th>{t('portal.teman.nama')}</Table.Th>
              <Table.Th>{t('portal.teman.ttl')}</Table.Th>
              {kontak ? <Table.Th>{t('portal.teman.email')}</Table.Th> : null}
              {kontak ? <Table.Th>{t('portal.teman.hp')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((r, i) => (
              // No id is sent for a classmate; the list is fixed in the server's order.
              <Table.Tr key={`${r.nama}|${r.tempat_lahir}|${r.tanggal_lahir}`} data-testid="portal-teman-row">
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{r.nama}</Table.Td>
                <Table.Td>{ttl(r.tempat_lahir, r.tanggal_lahir)}</Table.Td>
                {kontak ? <Table.Td>{r.email ?? '-'}</Table.Td> : null}
                {kontak ? <Table.Td>{r.no_hp ?? '-'}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
