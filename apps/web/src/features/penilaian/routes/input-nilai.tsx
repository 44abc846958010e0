import { JENIS_ASESMEN, JENIS_LABEL } from '@erapor/contract/penilaian/asesmen';
import { Select } from '@mantine/core';
import { AsesmenShell } from '../../../components/asesmen-shell/asesmen-shell';
import { useTranslation } from '../../../lib/i18n';
import { AkhirSemesterPanel } from '../components/asesmen/akhir-semester-panel';
import { LingkupMateriPanel } from '../components/asesmen/lingkup-materi-panel';

/**
 * Input Asesmen (/penilaian/input-nilai, menu "Asesmen Sumatif"; reference-screens §7.1): the
 * header form plus Jenis Asesmen — Sumatif Lingkup Materi (a score per TP) or Sumatif Akhir
 * Semester (non-tes, tes and the computed NA).
 */
export default function Screen() {
  const { t } = useTranslation();
  return (
    <AsesmenShell
      extraOptions={JENIS_ASESMEN}
      extraFields={(jenis, change) => (
        <Select
          label={t('penilaian.asesmen.header.jenisAsesmen')}
          placeholder={t('penilaian.asesmen.header.choose')}
          data={JENIS_ASESMEN.map((j) => ({ value: j, label: JENIS_LABEL[j] }))}
          value={jenis}
          onChange={change}
          comboboxProps={{ zIndex: 1300 }}
          data-testid="header-jenis-asesmen"
        />
      )}
    >
      {({ pembelajaranId, extra }) =>
        extra === 'lingkup-materi' ? (
          <LingkupMateriPanel key={pembelajaranId} pembelajaranId={pembelajaranId} />
        ) : (
          <AkhirSemesterPanel key={pembelajaranId} pembelajaranId={pembelajaranId} />
        )
      }
    </AsesmenShell>
  );
}
