import type { RaporDokumen } from '@erapor/contract/cetak/rapor';
import type { RaporSemuaOutput, RaporSemuaRequestInput } from '@erapor/contract/cetak/rapor-semua';
import { Button, Card, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CetakSemuaButtons,
  type CetakSemuaLabels,
  CetakSemuaStatus,
} from '../../../components/cetak-semua/cetak-semua-status';
import { useCetakSemuaJob } from '../../../components/cetak-semua/use-cetak-semua';
import { useTranslation } from '../../../lib/i18n';
import { startRaporP5Semua, startRaporSemua, startSklSemua, startTranskripSemua } from '../api/rapor-api';

const DOKUMEN: { dokumen: RaporDokumen; label: string }[] = [
  { dokumen: 'cover', label: 'cetak.rapor.cover' },
  { dokumen: 'nilai-akhir', label: 'cetak.rapor.nilaiAkhir' },
  { dokumen: 'pelengkap', label: 'cetak.rapor.pelengkap' },
];

type Scope = 'rombel' | 'tingkat' | 'sekolah';
const LABELS: CetakSemuaLabels = {
  cancel: 'cetak.rapor.semuaCancel',
  download: 'cetak.rapor.semuaDownload',
  progress: 'cetak.rapor.semuaProgress',
  done: 'cetak.rapor.semuaDone',
  cancelled: 'cetak.rapor.semuaCancelled',
  failed: 'cetak.rapor.semuaFailed',
};

/**
 * What is printed: the report card's documents, the class's transcripts (decision 040), the P5
 * reports (Merdeka classes before 20251; decision 037) or the graduation letters of its Lulus
 * pupils (decision 047). All but the first: this class only.
 */
type Jenis = 'rapor' | 'transkrip' | 'p5' | 'skl';

/**
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): the chosen documents of
 * every pupil of the class (the Waka and admin also a whole tingkat or the school, as a ZIP),
 * printed by a server job whose progress arrives over SSE; "Batal" cancels it, and the finished
 * file downloads by itself under the server's name. "Transkrip Nilai" and, where the class has
 * P5 reports (`raporP5`), "Rapor P5" print the class's documents through the same job under their
 * own kinds (this class only, no choice of documents); so do the graduation letters ("Surat
 * Keterangan Lulus") where some pupil of the class is Lulus (`skl`).
 */
export function CetakSemua({
  rombelId,
  tingkat,
  wide,
  raporP5 = false,
  skl = false,
}: {
  rombelId: string;
  tingkat: number;
  /** The Waka/admin: a tingkat or the whole school may be chosen too. */
  wide: boolean;
  /** The class's pupils get a P5 report (rombel.rapor_p5). */
  raporP5?: boolean;
  /** Some pupil of the class is Lulus: the graduation letters may be printed. */
  skl?: boolean;
}) {
  const { t } = useTranslation();
  const [jenis, setJenis] = useState<Jenis>('rapor');
  const [dokumen, setDokumen] = useState<string[]>(DOKUMEN.map((d) => d.dokumen));
  const [output, setOutput] = useState<RaporSemuaOutput>('pdf');
  const [scope, setScope] = useState<Scope>('rombel');
  const cetak = useCetakSemuaJob({
    failed: 'cetak.rapor.semuaFailed',
    downloadFailed: 'cetak.rapor.semuaDownloadFailed',
  });
  const { running, starting, start } = cetak;
  const p5 = raporP5 && jenis === 'p5';
  const transkrip = jenis === 'transkrip';
  const letters = skl && jenis === 'skl';
  const oneClass = p5 || transkrip || letters;
  const zipOnly = !oneClass && scope !== 'rombel';

  function begin() {
    if (p5) return startRaporP5Semua({ rombongan_belajar_id: rombelId, output });
    if (transkrip) return startTranskripSemua({ rombongan_belajar_id: rombelId, output });
    if (letters) return startSklSemua({ rombongan_belajar_id: rombelId, output });
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
              {skl ? (
                <Radio
                  value="skl"
                  label={t('cetak.rapor.semuaJenisSkl')}
                  disabled={running}
                  data-testid="rapor-semua-skl"
                />
              ) : null}
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
          <CetakSemuaButtons state={cetak} testId="rapor-semua" labels={LABELS} />
        </Group>
        <CetakSemuaStatus state={cetak} testId="rapor-semua" labels={LABELS} />
      </Stack>
    </Card>
  );
}
