import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaOutput, RaporSemuaRequestInput } from '@erapor/contract/cetak/rapor-semua';
import { Alert, Button, Card, Checkbox, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { startRaporP5Semua, startRaporSemua, startTranskripSemua } from '../api/rapor-api';
import { useCetakSemuaJob } from './use-cetak-semua';

const DOKUMEN: { dokumen: RaporDokumen; label: string }[] = [
  { dokumen: 'cover', label: 'cetak.rapor.cover' },
  { dokumen: 'nilai-akhir', label: 'cetak.rapor.nilaiAkhir' },
  { dokumen: 'pelengkap', label: 'cetak.rapor.pelengkap' },
];

type Scope = 'rombel' | 'tingkat' | 'sekolah';
/**
 * What is printed: the report card's documents, the class's transcripts (decision 040), or the P5
 * reports (Merdeka classes before 20251; decision 037). The last two: this class only.
 */
type Jenis = 'rapor' | 'transkrip' | 'p5';

/**
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): the chosen documents of
 * every pupil of the class (the Waka and admin also a whole tingkat or the school, as a ZIP),
 * printed by a server job whose progress arrives over SSE; "Batal" cancels it, and the finished
 * file downloads by itself under the server's name. "Transkrip Nilai" and, where the class has
 * P5 reports (`raporP5`), "Rapor P5" print the class's documents through the same job under their
 * own kinds (this class only, no choice of documents).
 */
export function CetakSemua({
  rombelId,
  tingkat,
  wide,
  raporP5 = false,
}: {
  rombelId: string;
  tingkat: number;
  /** The Waka/admin: a tingkat or the whole school may be chosen too. */
  wide: boolean;
  /** The class's pupils get a P5 report (rombel.rapor_p5). */
  raporP5?: boolean;
}) {
  const { t } = useTranslation();
  const [jenis, setJenis] = useState<Jenis>('rapor');
  const [dokumen, setDokumen] = useState<string[]>(DOKUMEN.map((d) => d.dokumen));
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const [scope, setScope] = useState<Scope>('rombel');
  const { job, error, starting, file, running, start, cancel, download } = useCetakSemuaJob({
    failed: 'cetak.rapor.semuaFailed',
    downloadFailed: 'cetak.rapor.semuaDownloadFailed',
  });
  const p5 = raporP5 && jenis === 'p5';
  const transkrip = jenis === 'transkrip';
  const oneClass = p5 || transkrip;
  const zipOnly = !oneClass && scope !== 'rombel';

  function begin() {
    if (p5) return startRaporP5Semua({ rombongan_belajar_id: rombelId, output });
    if (transkrip) return startTranskripSemua({ rombongan_belajar_id: rombelId, output });
    const input: RaporSemuaRequestInput = {
      ...(scope === 'rombel'
        ? { rombongan_belajar_id: rombelId }
        : scope === 'tingkat'
          ? { tingkat }
          : { sekolah: true }),
      dokumen: dokumen as RaporDokumen[],
      output: zipOnly ? 'zip' : output,
    };
    return startRaporSemua(input);
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
            data-testid="rapor-semua-jenis"
          >
            <Stack gap={6} mt={6}>
              <Radio value="rapor" label={t('cetak.rapor.semuaJenisRapor')} disabled={running} />
              <Radio
                value="transkrip"
                label={t('cetak.rapor.transkrip')}
                disabled={running}
                data-testid="rapor-semua-transkrip"
              />
              {raporP5 ? <Radio value="p5" label={t('cetak.rapor.raporP5')} disabled={running} /> : null}
            </Stack>
          </Radio.Group>
          {oneClass ? null : (
            <Checkbox.Group label={t('cetak.rapor.semuaDokumen')} value={dokumen} onChange={setDokumen}>
              <Stack gap={6} mt={6}>
                {DOKUMEN.map((d) => (
                  <Checkbox key={d.dokumen} value={d.dokumen} label={t(d.label)} disabled={running} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {wide && !oneClass ? (
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
            onClick={() => void start(begin)}
            loading={starting}
            disabled={running || (!oneClass && dokumen.length === 0)}
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
