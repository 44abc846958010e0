import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { openPdf } from '../../lib/download';
import { httpErrorText } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * "Cetak" of one pupil's UKK certificate: fetched with the token and shown from a blob in a tab
 * opened at the click (`openPdf`); a refusal (no NISN, an LSP plan…) shows the server's message.
 */
export function CetakSertifikatButton({
  anggotaRombelId,
  rencanaUkkId,
  nama,
}: {
  anggotaRombelId: string;
  rencanaUkkId: string;
  /** The pupil: the button's accessible name is "Cetak {nama}". */
  nama: string;
}) {
  const { t } = useTranslation();
  const cetak = useMutation({
    mutationFn: () => openPdf(`/cetak/sertifikat/${anggotaRombelId}/${rencanaUkkId}`),
    onError: (e) => toast.error(t('ukk.rencana.cetakFailed'), httpErrorText(e, t), 'long'),
  });
  return (
    <Button
      size="compact-sm"
      color="green"
      loading={cetak.isPending}
      onClick={() => cetak.mutate()}
      aria-label={`${t('ukk.rencana.cetak')} ${nama}`}
      data-testid="sertifikat-cetak"
    >
      {t('ukk.rencana.cetak')}
    </Button>
  );
}
