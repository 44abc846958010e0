import { type CadanganJadwal, type CadanganKeadaan, cadanganJadwalSchema } from '@erapor/contract/cadangan';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { JamInput } from '../../../components/date-fields';
import { issuesOf } from '../../../lib/form-issues';
import { formatDateTime } from '../../../lib/format';
import { toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { CADANGAN_KEY, saveJadwal } from '../api/cadangan-api';

/**
 * Jadwal Cadangan (issue 16 item 2): daily at a time of the server's clock, kept N days. The form
 * checks with the contract's schema before sending and keeps what was typed when the server refuses.
 */
export function JadwalForm({ jadwal, keadaan }: { jadwal: CadanganJadwal; keadaan: CadanganKeadaan }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<{ aktif: boolean; jam: string; simpanHari: number | string }>(jadwal);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = cadanganJadwalSchema.safeParse({
      ...form,
      simpanHari: form.simpanHari === '' ? Number.NaN : Number(form.simpanHari),
    });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await saveJadwal(parsed.data);
      toast.success(t('cadangan.jadwal.disimpan'));
      await client.invalidateQueries({ queryKey: CADANGAN_KEY });
    } catch (e) {
      const err = toHttpError(e);
      if (Object.keys(err.details).length > 0) setErrors(err.details);
      else toast.error(serverText(err.message));
    } finally {
      setSaving(false);
    }
  };

  const last = keadaan.jadwalTerakhir;
  return (
    <Paper withBorder radius="md" p="md" data-testid="cadangan-jadwal">
      <Stack gap="sm">
        <Title order={4} fz="md">
          {t('cadangan.jadwal.judul')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('cadangan.jadwal.keterangan')}
        </Text>
        <Switch
          checked={form.aktif}
          onChange={(e) => setForm({ ...form, aktif: e.currentTarget.checked })}
          label={t('cadangan.jadwal.aktif')}
          data-testid="cadangan-jadwal-aktif"
        />
        <Group align="flex-start" wrap="wrap">
          <JamInput
            label={t('cadangan.jadwal.jam')}
            value={form.jam}
            onChange={(jam) => setForm({ ...form, jam })}
            error={errors.jam}
            disabled={!form.aktif}
            w={160}
            data-testid="cadangan-jadwal-jam"
            hoursInputProps={{ 'data-testid': 'cadangan-jadwal-jam-jam' }}
            minutesInputProps={{ 'data-testid': 'cadangan-jadwal-jam-menit' }}
          />
          <NumberInput
            label={t('cadangan.jadwal.simpanHari')}
            value={form.simpanHari}
            onChange={(v) => setForm({ ...form, simpanHari: v })}
            error={errors.simpanHari}
            allowDecimal={false}
            w={200}
            data-testid="cadangan-jadwal-hari"
          />
        </Group>
        <Group>
          <Button onClick={save} loading={saving} data-testid="cadangan-jadwal-simpan">
            {t('cadangan.jadwal.simpan')}
          </Button>
        </Group>
        <Text size="sm" data-testid="cadangan-terakhir">
          {keadaan.terakhir
            ? t('cadangan.jadwal.terakhir', { waktu: formatDateTime(keadaan.terakhir) })
            : t('cadangan.jadwal.belum')}
        </Text>
        {last?.gagal ? (
          <Alert color="red" data-testid="cadangan-jadwal-gagal">
            {formatDateTime(last.waktu)}: {last.gagal}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
