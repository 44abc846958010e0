import { UPDATE_STEPS, type UpdateCheckResponse, type UpdateStatus } from '@erapor/contract/update-check';
import { Alert, Anchor, Button, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatTanggal } from './changelog-view';
import { MarkdownView } from './markdown-view';

const COLOR: Record<UpdateStatus, string> = {
  available: 'green',
  'up-to-date': 'blue',
  failed: 'red',
  'not-configured': 'gray',
};

/**
 * Cek Pembaharuan's answer: the server's heading and reason (Indonesian), the versions, and with
 * "Pembaharuan tersedia!" the release's date, notes and the README's update steps.
 */
export function UpdateCheckView({
  data,
  onRecheck,
  rechecking,
}: {
  data: UpdateCheckResponse;
  onRecheck: () => void;
  rechecking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const latest = data.latest;
  const checkedAt = data.checked_at ? formatDateTime(data.checked_at, i18n.language) : null;
  return (
    <Stack gap="md">
      <Alert
        color={COLOR[data.status]}
        title={data.message}
        data-testid="update-status"
        data-status={data.status}
      >
        {data.detail}
      </Alert>
      <Group gap="lg" align="center">
        <Text data-testid="update-installed">
          {t('sekolah.update.installedVersion', { version: data.installed_version })}
        </Text>
        {checkedAt ? (
          <Text c="dimmed" size="sm" data-testid="update-checked-at">
            {t(data.cached ? 'sekolah.update.checkedCached' : 'sekolah.update.checkedAt', {
              time: checkedAt,
            })}
          </Text>
        ) : null}
        {data.status !== 'not-configured' ? (
          <Button variant="default" onClick={onRecheck} loading={rechecking} data-testid="update-recheck">
            {t('sekolah.update.recheck')}
          </Button>
        ) : null}
      </Group>
      {latest && data.status === 'available' ? (
        <Card withBorder radius="md" padding="lg" data-testid="update-latest">
          <Stack gap="sm">
            <Group gap="sm" align="baseline">
              <Title order={3} size="h4">
                {t('sekolah.update.latestVersion', { version: latest.version })}
              </Title>
              {latest.tanggal ? (
                <Text c="dimmed" size="sm">
                  {formatTanggal(latest.tanggal, i18n.language)}
                </Text>
              ) : null}
            </Group>
            {latest.catatan ? (
              <section aria-label={t('sekolah.update.notes')} data-testid="update-notes">
                <MarkdownView text={latest.catatan} />
              </section>
            ) : null}
            {latest.url ? (
              <Anchor href={latest.url} target="_blank" rel="noopener noreferrer">
                {t('sekolah.update.releasePage')}
              </Anchor>
            ) : null}
            <Title order={4} size="h5" mt="sm">
              {t('sekolah.update.stepsTitle')}
            </Title>
            <List type="ordered" spacing="xs" data-testid="update-steps">
              {UPDATE_STEPS.map((s) => (
                <List.Item key={s.key}>
                  {t(`sekolah.update.steps.${s.key}`)}
                  {s.command ? (
                    <>
                      {' '}
                      <Code>{s.command}</Code>
                    </>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
