import { PORTAL_FOTO_MAX_BYTES, PORTAL_FOTO_MESSAGES } from '@erapor/contract/portal/portal';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthedImage } from '../../../components/use-authed-image';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { PORTAL_KEY, uploadFoto } from '../api/portal-api';

/**
 * The header's photo and "Ganti Foto" (reference-screens §2.7: the avatar's upload). JPEG or PNG,
 * ≤ 2 MB; the server checks the type and the pixel size from the file's header (decision 046). The
 * browser refuses an obvious wrong file early with the server's own wording.
 */
export function FotoProfil({ nama, fotoUrl }: { nama: string; fotoUrl: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const src = useAuthedImage(fotoUrl);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadFoto,
    onSuccess: (res) => {
      setError(null);
      toast.success(t('portal.foto.savedTitle'), serverText(res.message));
      void qc.invalidateQueries({ queryKey: [...PORTAL_KEY, 'profil'] });
    },
    onError: (e) => setError(toHttpError(e).details.foto ?? httpErrorMessage(e, t)),
  });
  const onFile = (file: File | null) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name)) setError(PORTAL_FOTO_MESSAGES.type);
    else if (file.size > PORTAL_FOTO_MAX_BYTES) setError(PORTAL_FOTO_MESSAGES.size);
    else upload.mutate(file);
  };
  return (
    // As wide as its label needs (up to 140 px, where a long label wraps), never narrower than the photo.
    <Stack gap={4} align="center" miw={96} maw={140}>
      <Avatar size={72} radius="xl" color="blue" name={nama} src={src} alt={nama} data-testid="portal-foto" />
      <FileButton onChange={onFile} accept="image/png,image/jpeg">
        {(props) => (
          <Button
            {...props}
            size="compact-xs"
            variant="subtle"
            loading={upload.isPending}
            styles={{ root: { height: 'auto' }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
            data-testid="portal-foto-ganti"
          >
            {t('portal.foto.ganti')}
          </Button>
        )}
      </FileButton>
      {error ? (
        <Text size="xs" c="red" ta="center" data-testid="portal-foto-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
