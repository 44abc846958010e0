import type { ResetPasswordResponse } from '@erapor/contract/pengguna';
import { Alert, Button, Code, Group, Modal, Table } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/** The pupil's new one-time password, shown once (docs/decisions/008). */
export function OneTimePasswordModal({
  result,
  onClose,
}: {
  result: ResetPasswordResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const c = result?.credential;
  return (
    <Modal opened={!!result} onClose={onClose} title={result?.message ?? ''} data-testid="credentials-modal">
      <Alert color="warning" variant="light" mb="sm">
        {t('referensi.passwordPd.once')}
      </Alert>
      {c ? (
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="35%">{t('referensi.passwordPd.nama')}</Table.Th>
              <Table.Td>{c.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Login</Table.Th>
              <Table.Td>{c.login}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Password</Table.Th>
              <Table.Td>
                <Code data-testid="one-time-password">{c.password}</Code>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('referensi.passwordPd.close')}
        </Button>
      </Group>
    </Modal>
  );
}
