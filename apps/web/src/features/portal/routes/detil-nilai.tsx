import { Card } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useView } from '../../../lib/view-search';
import { DetilNilai } from '../components/detil-nilai';

/**
 * Detil Nilai (/detil-nilai/:pembelajaran_id; reference-screens §2.7, issue #15): a pupil's TP
 * scores of one subject. The portal opens it with the tab and semester it came from in the URL, so
 * "Kembali" (and a reload) return there. The API answers 403 for a subject not the pupil's own.
 */
export default function Screen() {
  const { pembelajaranId = '' } = useParams({ strict: false });
  const [view] = useView();
  const navigate = useNavigate();
  return (
    <Card withBorder radius="md" padding="lg">
      <DetilNilai
        pembelajaranId={pembelajaranId}
        onBack={() => void navigate({ to: '/', search: { tab: view.tab, semester: view.semester } })}
      />
    </Card>
  );
}
