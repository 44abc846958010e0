import type { CadanganManifest } from '@erapor/contract/cadangan';
import type { Job } from '@erapor/contract/jobs';
import { Alert, Button, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { desimal, waktu } from '../../../lib/format';
import { toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  CADANGAN_KEY,
  downloadArchive,
  followJob,
  getDaftar,
  startBackup,
  uploadArchive,
} from '../api/cadangan-api';
import { JadwalForm } from '../components/jadwal-form';
import { JobProgress } from '../components/job-progress';
import { RestoreModal } from '../components/restore-modal';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${desimal(bytes / 1024 / 1024, 1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * Pengaturan › Cadangan Data (issue 16, decision 044): make a backup now (progress over SSE),
 * the stored archives (download, restore), and an archive uploaded from elsewhere.
 */
export default function SettingCadanganPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({ queryKey: CADANGAN_KEY, queryFn: getDaftar });
  const [job, setJob] = useState<Job | null>(null);
  const [starting, setStarting] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [restore, setRestore] = useState<{ name: string; manifest: CadanganManifest } | null>(null);

  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const backup = async () => {
    setStarting(true);
    try {
      const started = await startBackup();
      setJob(started);
      following.current?.abort();
      const stop = new AbortController();
      following.current = stop;
      void followJob(
        started.id,
        (j) => {
          setJob(j);
          if (j.status === 'done') void client.invalidateQueries({ queryKey: CADANGAN_KEY });
        },
        stop.signal,
      ).catch(() => {});
    } catch (e) {
      toast.error(serverText(toHttpError(e).message));
    } finally {
      setStarting(false);
    }
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const checked = await uploadArchive(file);
      await client.invalidateQueries({ queryKey: CADANGAN_KEY });
      setRestore(checked);
    } catch (e) {
      const err = toHttpError(e);
      setUploadError(err.details.berkas ?? err.message);
    } finally {
      setUploading(false);
    }
  };
  const running = job !== null && (job.status === 'queued' || job.status === 'running');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={4} fz="md">
            {t('cadangan.buat.judul')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('cadangan.buat.keterangan')}
          </Text>
          <Group wrap="wrap">
            <Button onClick={backup} loading={starting} disabled={running} data-testid="cadangan-buat">
              {t('cadangan.buat.tombol')}
            </Button>
          </Group>
          {job ? <JobProgress job={job} testId="cadangan-buat" /> : null}
        </Stack>
      </Paper>

      {list.isSuccess ? (
        <JadwalForm
          key={JSON.stringify(list.data.jadwal)}
          jadwal={list.data.jadwal}
          keadaan={list.data.keadaan}
        />
      ) : null}

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={4} fz="md">
              {t('cadangan.daftar.judul')}
            </Title>
            <FileButton onChange={upload} accept=".erapor,application/octet-stream">
              {(props) => (
                <Button {...props} variant="light" loading={uploading} data-testid="cadangan-unggah">
                  {t('cadangan.unggah')}
                </Button>
              )}
            </FileButton>
          </Group>
          {uploadError ? (
            <Alert color="red" data-testid="cadangan-unggah-gagal">
              {uploadError}
            </Alert>
          ) : null}
          {list.isError ? <ErrorAlert title={t('cadangan.daftar.gagal')} error={list.error} /> : null}
          {list.isSuccess && list.data.berkas.length === 0 ? (
            <Text c="dimmed">{t('cadangan.daftar.kosong')}</Text>
          ) : null}
          {list.isSuccess && list.data.berkas.length > 0 ? (
            <Table.ScrollContainer minWidth={0}>
              <Table striped data-testid="cadangan-daftar">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('cadangan.daftar.berkas')}</Table.Th>
                    <Table.Th>{t('cadangan.daftar.ukuran')}</Table.Th>
                    <Table.Th>{t('cadangan.daftar.aksi')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.berkas.map((b) => (
                    <Table.Tr key={b.name} data-testid="cadangan-berkas">
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">{b.manifest ? waktu(b.manifest.createdAt) : '-'}</Text>
                        <Text size="xs" c="dimmed">
                          {b.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>{size(b.bytes)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="wrap">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => void downloadArchive(b.name)}
                            data-testid="cadangan-unduh"
                          >
                            {t('cadangan.unduh')}
                          </Button>
                          {b.manifest ? (
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              onClick={() =>
                                setRestore({ name: b.name, manifest: b.manifest as CadanganManifest })
                              }
                              data-testid="cadangan-pulihkan-buka"
                            >
                              {t('cadangan.pulihkan.tombol')}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Stack>
      </Paper>
      {restore ? (
        <RestoreModal name={restore.name} manifest={restore.manifest} onClose={() => setRestore(null)} />
      ) : null}
    </Stack>
  );
}
