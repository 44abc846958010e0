import { AsesmenShell } from '../../../components/asesmen-shell/asesmen-shell';
import { NilaiAkhirPanel } from '../components/asesmen/nilai-akhir-panel';

/**
 * Input Nilai Akhir (/penilaian/nilai-akhir; reference-screens §7.3): the suggested and the final
 * grade of each pupil and the ketercapaian of each mapped TP.
 */
export default function Screen() {
  return (
    <AsesmenShell>
      {({ pembelajaranId }) => <NilaiAkhirPanel key={pembelajaranId} pembelajaranId={pembelajaranId} />}
    </AsesmenShell>
  );
}
