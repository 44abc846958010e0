import type { OneTimeCredential } from '@erapor/contract/pengguna';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { Alert, Button, Code, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon';
import { useTranslation } from '../../../lib/i18n';

/**
 * One-time passwords, shown once (docs/decisions/008): after this window closes they exist
 * nowhere in readable form — only the printable slips, for a short while.
 */
export function CredentialsModal({
  title,
  credentials,
  summary,
  actions,
  onClose,
}: {
  title: string;
  credentials: readonly OneTimeCredential[] | null;
  summary?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = credentials ?? [];
  const withKelas = list.some((c) => c.kelas);
  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      title={title}
      size="xl"
      data-testid="credentials-modal"
    >
      {summary}
      {list.length > 0 ? (
        <>
          <Alert color="warning" variant="light" my="sm" icon={<Icon icon={faTriangleExclamation} />}>
            {t('pengguna.credentials.once')}
          </Alert>
          <ScrollArea.Autosize mah={360}>
            <Table striped withTableBorder data-testid="credentials-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pengguna.columns.name')}</Table.Th>
                  {withKelas ? <Table.Th>{t('pengguna.credentials.kelas')}</Table.Th> : null}
                  <Table.Th>{t('pengguna.credentials.login')}</Table.Th>
                  <Table.Th>{t('pengguna.credentials.password')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <Table.Tr key={c.user_id}>
                    <Table.Td>{c.name}</Table.Td>
                    {withKelas ? <Table.Td>{c.kelas ?? '-'}</Table.Td> : null}
                    <Table.Td>{c.login}</Table.Td>
                    <Table.Td>
                      <Code data-testid="one-time-password">{c.password}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : (
        <Text my="sm">{t('pengguna.credentials.none')}</Text>
      )}
      <Group justify="flex-end" mt="md">
        {actions}
        <Button variant="default" onClick={onClose}>
          {t('pengguna.close')}
        </Button>
      </Group>
    </Modal>
  );
}
