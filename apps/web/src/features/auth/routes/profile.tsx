import { faTriangleExclamation, faUpload } from '@fortawesome/free-solid-svg-icons';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { Icon } from '../../../components/icon';
import { useAuthedImage } from '../../../components/use-authed-image';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { updateUserData } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { getProfile, PROFILE_KEY, updateProfile, uploadPhoto } from '../api/profile-api';
import { checkPhoto } from '../components/photo-check';
import { PasswordCard } from '../profile-parts/password-card';

/** The server's field messages (axios errors are normalised first). */
function fieldErrors(error: unknown): Record<string, string> {
  return error ? toHttpError(error).details : {};
}

/** Profil Pengguna (reference-screens §2.6): name, e-mail, photo, password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });

  return (
    <Stack gap="lg">
      {profile.isError ? (
        <ErrorAlert
          color="danger"
          icon={<Icon icon={faTriangleExclamation} />}
          title={t('profile.loadFailed')}
          error={profile.error}
        >
          <Button variant="subtle" size="compact-sm" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      ) : null}
      <ProfileCard loading={profile.isPending} data={profile.data} />
      <PasswordCard />
    </Stack>
  );
}

function ProfileCard({
  loading,
  data,
}: {
  loading: boolean;
  data: { name: string; email: string; photo_url: string | null } | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photo = useAuthedImage(data?.photo_url);

  useEffect(() => {
    if (data) {
      setName(data.name);
      setEmail(data.email);
    }
  }, [data]);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (p) => {
      client.setQueryData(PROFILE_KEY, p);
      updateUserData({ name: p.name, email: p.email });
      toast.success(t('profile.savedTitle'), t('profile.savedText'));
    },
  });
  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (p) => {
      client.setQueryData(PROFILE_KEY, p);
      updateUserData({ photo_url: p.photo_url });
      toast.success(t('profile.photoSavedTitle'), t('profile.photoSavedText'));
    },
    onError: (error) => setPhotoError(fieldErrors(error).photo ?? httpErrorMessage(error, t)),
  });

  const errors = fieldErrors(save.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ name: name.trim(), email: email.trim() });
  };
  const onFile = (file: File | null) => {
    setPhotoError(null);
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4}>{t('profile.infoTitle')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.infoText')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
        <form onSubmit={onSubmit} noValidate style={{ gridColumn: 'span 2' }}>
          <Stack>
            {save.isError && Object.keys(errors).length === 0 ? (
              <Alert color="danger">{httpErrorMessage(save.error, t)}</Alert>
            ) : null}
            {loading ? (
              <>
                <Skeleton height={60} />
                <Skeleton height={60} />
              </>
            ) : (
              <>
                <TextInput
                  label={t('profile.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  error={errors.name}
                  autoComplete="name"
                />
                <TextInput
                  label={t('profile.email')}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={errors.email}
                  autoComplete="email"
                />
              </>
            )}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={loading}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack align="center" gap="sm">
          <Text fw={500} size="sm">
            {t('profile.photo')}
          </Text>
          <Avatar src={photo} size={120} radius={120} color="primary" alt={t('profile.photo')}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <FileButton onChange={onFile} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<Icon icon={faUpload} size={14} />}
                loading={upload.isPending}
              >
                {t('profile.choosePhoto')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" ta="center">
            {t('profile.photoHint')}
          </Text>
          {photoError ? (
            <Text size="sm" c="danger" role="alert" data-testid="photo-error">
              {photoError}
            </Text>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
