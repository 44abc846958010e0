import { AsesmenShell } from '../../../components/asesmen-shell/asesmen-shell';
import { CapaianPanel } from '../components/asesmen/capaian-panel';

/**
 * Capaian Kompetensi (/penilaian/capaian-kompetensi; reference-screens §7.4): the achieved and the
 * needs-improvement text of each pupil, generated from the ketercapaian until the teacher saves.
 */
export default function Screen() {
  return (
    <AsesmenShell>
      {({ pembelajaranId }) => <CapaianPanel key={pembelajaranId} pembelajaranId={pembelajaranId} />}
    </AsesmenShell>
  );
}
