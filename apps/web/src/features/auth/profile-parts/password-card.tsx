import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { updateUserData } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/profile-api';

/**
 * Perbaharui Kata Sandi: the current password, the new one twice. On the profile page, and the
 * whole of the forced change screen after a one-time password (decision 054), which goes on
 * with `onChanged`. Not in `components/`: that folder is the public pages' (their messages are
 * loaded before the first render, scripts/locale-parts.test.ts), and this card is behind the login.
 */
export function PasswordCard({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (res) => {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      updateUserData({ must_change_password: false });
      toast.success(t('profile.passwordSavedTitle'), serverText(res.message));
      onChanged?.();
    },
  });
  const errors = change.error ? toHttpError(change.error).details : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ current_password: current, password, password_confirmation: confirmation });
  };
  return (
    <Card withBorder radius="md" padding="lg" id="password">
      <Title order={4}>{t('profile.passwordTitle')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.passwordText')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={480}>
          {change.isError && Object.keys(errors).length === 0 ? (
            <Alert color="danger">{httpErrorMessage(change.error, t)}</Alert>
          ) : null}
          <PasswordInput
            label={t('profile.currentPassword')}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current_password}
            autoComplete="current-password"
          />
          <PasswordInput
            label={t('profile.newPassword')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.password_confirmation}
            autoComplete="new-password"
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
