import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { httpErrorMessage } from '../lib/http-errors';
import { useTranslation } from '../lib/i18n';
import { Z } from './z-index';

/**
 * A "Detil …" dialog of a planning screen (PKL, P5): the record's query, its error in the dialog,
 * a loader until it arrives, then `children(data)` and a close button.
 */
export function DetailModal<T>({
  opened,
  onClose,
  title,
  query,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  query: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" zIndex={Z.modal}>
      {query.isError ? <Alert color="red">{httpErrorMessage(query.error, t)}</Alert> : null}
      {data === undefined ? (
        query.isLoading ? (
          <Loader size="sm" />
        ) : null
      ) : (
        <Stack data-testid={testId}>
          {children(data)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** One labelled value of a detail dialog. */
export function DetailField({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
