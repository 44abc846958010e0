import type { CadanganKeadaan } from '@erapor/contract/cadangan';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/**
 * The administrator's reminder that the school's data has no recent backup (issue 16 item 2):
 * yellow after 2 days, red after 7 or with none at all, and a failed scheduled run said as it is.
 */
export function CadanganWarning({ keadaan }: { keadaan: CadanganKeadaan }) {
  const { t } = useTranslation();
  const failed = keadaan.jadwalTerakhir?.gagal ?? null;
  if (keadaan.status === 'baik' && !failed) return null;
  const color = keadaan.status === 'merah' ? 'red' : 'yellow';
  const title =
    keadaan.terakhir === null
      ? t('beranda.admin.cadangan.belum')
      : t(`beranda.admin.cadangan.${keadaan.status === 'baik' ? 'gagalJudul' : keadaan.status}`);
  return (
    <Alert
      color={failed && keadaan.status === 'baik' ? 'yellow' : color}
      title={title}
      data-testid="cadangan-peringatan"
      data-status={keadaan.status}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {keadaan.terakhir === null
            ? t('beranda.admin.cadangan.belumKeterangan')
            : t('beranda.admin.cadangan.terakhir', { waktu: formatDateTime(keadaan.terakhir) })}
        </Text>
        {failed ? <Text size="sm">{failed}</Text> : null}
        <Button component={Link} to="/setting/cadangan" size="xs" color={color}>
          {t('beranda.admin.cadangan.buka')}
        </Button>
      </Stack>
    </Alert>
  );
}
