import type { CadanganManifest } from '@erapor/contract/cadangan';
import type { Job } from '@erapor/contract/jobs';
import { Alert, Button, Group, List, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { waktu } from '../../../lib/format';
import { toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { followJob, startRestore } from '../api/cadangan-api';
import { JobProgress } from './job-progress';

/**
 * What the archive holds, then the NPSN typed to confirm, then the restore's progress. When it is
 * done every login of the school has ended, this one too: the button leads to the login page.
 */
export function RestoreModal({
  name,
  manifest,
  onClose,
}: {
  name: string;
  manifest: CadanganManifest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [npsn, setNpsn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);
  const rows = manifest.tables.filter((x) => x.scope === 'school' && x.rows > 0);
  const total = rows.reduce((s, x) => s + x.rows, 0);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await startRestore({ name, npsn });
      setJob(started);
      const stop = new AbortController();
      following.current = stop;
      void followJob(started.id, setJob, stop.signal).catch(() => {});
    } catch (e) {
      const err = toHttpError(e);
      setError(err.details.npsn ?? err.details.name ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const finished = job?.status === 'done';
  return (
    <Modal opened onClose={finished ? () => {} : onClose} title={t('cadangan.pulihkan.judul')} size="lg">
      <Stack gap="sm" data-testid="cadangan-pulihkan">
        <List size="sm" spacing={2}>
          <List.Item>
            {t('cadangan.manifest.sekolah')}: {manifest.namaSekolah} (NPSN {manifest.npsn})
          </List.Item>
          <List.Item>
            {t('cadangan.manifest.dibuat')}: {waktu(manifest.createdAt)} · e-Rapor {manifest.appVersion}
          </List.Item>
          <List.Item>
            {t('cadangan.manifest.semester')}: {manifest.semesters.join(', ')}
          </List.Item>
          <List.Item data-testid="cadangan-isi">
            {t('cadangan.manifest.isi', { baris: total, tabel: rows.length })}
          </List.Item>
        </List>
        {job ? (
          <JobProgress job={job} testId="cadangan-pulihkan" />
        ) : (
          <>
            <Alert color="yellow">{t('cadangan.pulihkan.peringatan')}</Alert>
            <TextInput
              label={t('cadangan.pulihkan.npsn')}
              value={npsn}
              onChange={(e) => setNpsn(e.currentTarget.value)}
              error={error}
              data-testid="cadangan-npsn"
              inputMode="numeric"
            />
          </>
        )}
        <Group justify="flex-end" wrap="wrap">
          {finished ? (
            <Button
              data-testid="cadangan-login-lagi"
              onClick={() => {
                clearSession();
                window.location.assign('/login');
              }}
            >
              {t('cadangan.pulihkan.loginLagi')}
            </Button>
          ) : job ? null : (
            <>
              <Button variant="default" onClick={onClose}>
                {t('cadangan.batal')}
              </Button>
              <Button
                color="red"
                loading={busy}
                disabled={!npsn.trim()}
                onClick={submit}
                data-testid="cadangan-pulihkan-ya"
              >
                {t('cadangan.pulihkan.tombol')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
