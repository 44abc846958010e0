import { formatTanggalPanjang } from '@erapor/contract/format';
import type { ChangelogResponse } from '@erapor/contract/update-check';
import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { Locale } from '../../../lib/prefs';
import { MarkdownView } from './markdown-view';

/** "2026-11-27" → "27 November 2026" in the interface language (the date has no time zone). */
export function formatTanggal(ymd: string, lng: Locale): string {
  return formatTanggalPanjang(ymd, lng);
}

/** The releases of CHANGELOG.md, newest first, the running one marked "Versi terpasang". */
export function ChangelogView({ data }: { data: ChangelogResponse }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Text data-testid="changelog-installed">
        {t('sekolah.changelog.installedVersion', { version: data.installed_version })}
      </Text>
      {data.problems.map((p) => (
        <Alert key={p} color="yellow" data-testid="changelog-problem">
          {p}
        </Alert>
      ))}
      {data.releases.map((r) => (
        <Card
          key={r.version}
          component="section"
          withBorder
          radius="md"
          padding="lg"
          aria-labelledby={`rilis-${r.version}`}
          data-testid="changelog-release"
          data-version={r.version}
        >
          <Group gap="sm" mb="xs" align="baseline">
            <Title order={3} size="h4" id={`rilis-${r.version}`}>
              {t('sekolah.changelog.release', { version: r.version })}
            </Title>
            <Text c="dimmed" size="sm">
              {formatTanggal(r.tanggal, i18n.language)}
            </Text>
            {r.installed ? (
              <Badge color="green" variant="light" data-testid="changelog-installed-badge">
                {t('sekolah.changelog.installed')}
              </Badge>
            ) : null}
          </Group>
          <MarkdownView text={r.body} />
        </Card>
      ))}
    </Stack>
  );
}
