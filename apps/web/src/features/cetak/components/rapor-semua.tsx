import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaOutput, RaporSemuaRequestInput } from '@erapor/contract/cetak/rapor-semua';
import { isFinished, type Job } from '@erapor/contract/jobs';
import { Alert, Button, Card, Checkbox, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  cancelRaporSemua,
  downloadRaporSemua,
  followRaporSemua,
  getRaporSemua,
  startRaporSemua,
  startTranskripSemua,
} from '../api/rapor-api';

const DOKUMEN: { dokumen: RaporDokumen; label: string }[] = [
  { dokumen: 'cover', label: 'cetak.rapor.cover' },
  { dokumen: 'nilai-akhir', label: 'cetak.rapor.nilaiAkhir' },
  { dokumen: 'pelengkap', label: 'cetak.rapor.pelengkap' },
];

type Scope = 'rombel' | 'tingkat' | 'sekolah';
/** What is printed: the report cards, or the class's transcripts (decision 040; one class only). */
type Jenis = 'rapor' | 'transkrip';

/**
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): the chosen documents of
 * every pupil of the class (the Waka and admin also a whole tingkat or the school, as a ZIP),
 * printed by a server job whose progress arrives over SSE; "Batal" cancels it, and the finished
 * file downloads by itself under the server's name. "Transkrip Nilai" prints the class's
 * transcripts through the same job (one class, no choice of documents).
 */
export function CetakSemua({
  rombelId,
  tingkat,
  wide,
}: {
  rombelId: string;
  tingkat: number;
  /** The Waka/admin: a tingkat or the whole school may be chosen too. */
  wide: boolean;
}) {
  const { t } = useTranslation();
  const [dokumen, setDokumen] = useState<string[]>(DOKUMEN.map((d) => d.dokumen));
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const [scope, setScope] = useState<Scope>('rombel');
  const [jenis, setJenis] = useState<Jenis>('rapor');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [file, setFile] = useState<string | null>(null);
  const follow = useRef<AbortController | null>(null);
  useEffect(() => () => follow.current?.abort(), []);

  const running = job !== null && !isFinished(job.status);
  const transkrip = jenis === 'transkrip';
  const zipOnly = !transkrip && scope !== 'rombel';

  async function download(jobId: string) {
    try {
      setFile(await downloadRaporSemua(jobId));
    } catch (e) {
      toast.error(t('cetak.rapor.semuaDownloadFailed'), httpErrorMessage(e, t), 'long');
    }
  }

  async function start() {
    setError(null);
    setFile(null);
    setStarting(true);
    const input: RaporSemuaRequestInput = {
      ...(scope === 'rombel'
        ? { rombongan_belajar_id: rombelId }
        : scope === 'tingkat'
          ? { tingkat }
          : { sekolah: true }),
      dokumen: dokumen as RaporDokumen[],
      output: zipOnly ? 'zip' : output,
    };
    let started: Job;
    try {
      started = transkrip
        ? await startTranskripSemua({ rombongan_belajar_id: rombelId, output })
        : await startRaporSemua(input);
    } catch (e) {
      // The same job already runs (another tab, before a reload): follow that one instead.
      const failure = toHttpError(e);
      const running = failure.status === 409 ? failure.details.job_id : undefined;
      try {
        if (!running) throw e;
        started = await getRaporSemua(running);
      } catch {
        setError(httpErrorMessage(e, t));
        return;
      }
    } finally {
      setStarting(false);
    }
    setJob(started);
    follow.current?.abort();
    const abort = new AbortController();
    follow.current = abort;
    let last: Job = started;
    await followRaporSemua(
      started.id,
      (j) => {
        last = j;
        setJob(j);
      },
      abort.signal,
    );
    if (abort.signal.aborted) return;
    if (last.status === 'done') await download(started.id);
    else if (last.status === 'failed') setError(last.message ?? t('cetak.rapor.semuaFailed'));
  }

  async function cancel() {
    if (!job) return;
    try {
      setJob(await cancelRaporSemua(job.id));
    } catch (e) {
      toast.error(t('cetak.rapor.semuaFailed'), httpErrorMessage(e, t), 'long');
    }
  }

  const total = job?.total ?? 0;
  const progress = job?.progress ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="rapor-semua">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('cetak.rapor.semuaTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('cetak.rapor.semuaHint')}
          </Text>
        </div>
        <Group align="start" gap="xl" wrap="wrap">
          <Radio.Group
            label={t('cetak.rapor.semuaJenis')}
            value={jenis}
            onChange={(v) => setJenis(v as Jenis)}
          >
            <Stack gap={6} mt={6}>
              <Radio value="rapor" label={t('cetak.rapor.semuaJenisRapor')} disabled={running} />
              <Radio
                value="transkrip"
                label={t('cetak.rapor.transkrip')}
                disabled={running}
                data-testid="rapor-semua-transkrip"
              />
            </Stack>
          </Radio.Group>
          {transkrip ? null : (
            <Checkbox.Group label={t('cetak.rapor.semuaDokumen')} value={dokumen} onChange={setDokumen}>
              <Stack gap={6} mt={6}>
                {DOKUMEN.map((d) => (
                  <Checkbox key={d.dokumen} value={d.dokumen} label={t(d.label)} disabled={running} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {wide && !transkrip ? (
            <Radio.Group
              label={t('cetak.rapor.semuaScope')}
              value={scope}
              onChange={(v) => setScope(v as Scope)}
            >
              <Stack gap={6} mt={6}>
                <Radio value="rombel" label={t('cetak.rapor.semuaScopeRombel')} disabled={running} />
                <Radio
                  value="tingkat"
                  label={t('cetak.rapor.semuaScopeTingkat', { tingkat })}
                  disabled={running}
                />
                <Radio value="sekolah" label={t('cetak.rapor.semuaScopeSekolah')} disabled={running} />
              </Stack>
            </Radio.Group>
          ) : null}
          <Radio.Group
            label={t('cetak.rapor.semuaOutput')}
            value={zipOnly ? 'zip' : output}
            onChange={(v) => setOutput(v as RaporSemuaOutput)}
            description={zipOnly ? t('cetak.rapor.semuaZipOnly') : undefined}
          >
            <Stack gap={6} mt={6}>
              <Radio value="pdf" label={t('cetak.rapor.semuaPdf')} disabled={running || zipOnly} />
              <Radio value="zip" label={t('cetak.rapor.semuaZip')} disabled={running} />
            </Stack>
          </Radio.Group>
        </Group>
        <Group gap="sm">
          <Button
            onClick={() => void start()}
            loading={starting}
            disabled={running || (!transkrip && dokumen.length === 0)}
            data-testid="rapor-semua-start"
          >
            {t('cetak.rapor.semuaStart')}
          </Button>
          {running ? (
            <Button
              variant="default"
              color="red"
              onClick={() => void cancel()}
              data-testid="rapor-semua-cancel"
            >
              {t('cetak.rapor.semuaCancel')}
            </Button>
          ) : null}
          {job?.status === 'done' ? (
            <Button variant="light" onClick={() => void download(job.id)} data-testid="rapor-semua-download">
              {t('cetak.rapor.semuaDownload')}
            </Button>
          ) : null}
        </Group>
        {running ? (
          <Stack gap={4} data-testid="rapor-semua-progress">
            <Progress value={total > 0 ? (100 * progress) / total : 0} animated striped />
            <Text size="sm">
              {t('cetak.rapor.semuaProgress', { progress, total })}
              {job?.message ? ` · ${job.message}` : ''}
            </Text>
          </Stack>
        ) : null}
        {job?.status === 'done' && file ? (
          <Alert color="green" data-testid="rapor-semua-done">
            {t('cetak.rapor.semuaDone', { file })}
          </Alert>
        ) : null}
        {job?.status === 'cancelled' ? <Alert color="yellow">{t('cetak.rapor.semuaCancelled')}</Alert> : null}
        {error ? (
          <Alert color="red" title={t('cetak.rapor.semuaFailed')} data-testid="rapor-semua-error">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
