import { faRightFromBracket, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { Icon } from '../../../components/icon';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { PasswordCard } from '../profile-parts/password-card';

/**
 * Ganti Password (decision 054): a generated or reset one-time password opens only this page.
 * The guard sends every other route here and the server refuses every other request, so it is a
 * page of its own (no menu, no other screen behind it), not a banner. After the change the user
 * goes on to the Beranda.
 */
export default function GantiPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userData } = useSession();
  return (
    <Container size="sm" py="xl" component="main" id="main-content" data-testid="ganti-password">
      <Stack gap="lg">
        <Title order={2}>{t('profile.mustChange.title')}</Title>
        <Alert color="warning" variant="light" icon={<Icon icon={faTriangleExclamation} />}>
          {userData ? `${userData.name} (${userData.email}). ` : ''}
          {t('profile.mustChange.text')}
        </Alert>
        <PasswordCard onChanged={() => void navigate({ to: '/', replace: true })} />
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/logout"
            variant="subtle"
            leftSection={<Icon icon={faRightFromBracket} size={14} />}
          >
            {t('profile.mustChange.logout')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
