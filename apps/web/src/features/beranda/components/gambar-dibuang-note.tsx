import type { CatatanGambar } from '@erapor/contract/sekolah';
import { Alert, List } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/**
 * Stored images that did not decode and were dropped — by the start-up check of images from
 * earlier versions or after a restore (decision 049). The server writes each note in Indonesian
 * and keeps it 30 days; the administrator uploads the image again.
 */
export function GambarDibuangNote({ catatan }: { catatan: CatatanGambar[] }) {
  const { t } = useTranslation();
  if (catatan.length === 0) return null;
  return (
    <Alert color="yellow" title={t('beranda.admin.gambarDibuang')} data-testid="gambar-dibuang">
      <List size="sm">
        {catatan.map((c) => (
          <List.Item key={`${c.waktu}-${c.keterangan}`}>{c.keterangan}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
