import { katalogFor, UNDUHAN_BAGIAN, type UnduhanBagian } from '@erapor/contract/unduhan/katalog';
import { Paper, Tabs } from '@mantine/core';
import { use } from 'react';
import { loadAreaMessages, useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useView } from '../../../lib/view-search';
import { CetakSection } from '../components/cetak-section';
import { EntryList } from '../components/entry-list';
import { PembelajaranSection } from '../components/pembelajaran-section';
import { PklSection } from '../components/pkl-section';
import { TautanSection } from '../components/tautan-section';
import { UkkSection } from '../components/ukk-section';

/**
 * Pusat Unduhan (/unduhan; issue #14 item 8; decision 043): every template and export the user
 * may download, in sections, from the contract's one catalogue, and the school's reference links.
 * The section is the URL's `tab`; each section keeps its own choices in the URL as well.
 */
/** The grade-entry header is the assessment screens': its strings live in the penilaian area. */
const messages = loadAreaMessages('penilaian');

export default function UnduhanPage() {
  use(messages);
  const { t } = useTranslation();
  const { userData } = useSession();
  const [view, setView] = useView();
  const entries = katalogFor(userData?.roles ?? []);
  const sections = UNDUHAN_BAGIAN.filter((b) => b === 'referensi' || entries.some((e) => e.bagian === b));
  const tab: UnduhanBagian = sections.find((s) => s === view.tab) ?? sections[0] ?? 'referensi';
  const of = (b: UnduhanBagian) => entries.filter((e) => e.bagian === b);
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={tab} onChange={(v) => setView({ tab: v })} keepMounted={false}>
        <Tabs.List mb="md">
          {sections.map((b) => (
            <Tabs.Tab key={b} value={b} data-testid={`unduhan-tab-${b}`}>
              {t(`unduhan.bagian.${b}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="penilaian">
          <PembelajaranSection entries={of('penilaian')} />
        </Tabs.Panel>
        <Tabs.Panel value="cetak">
          <CetakSection entries={of('cetak')} />
        </Tabs.Panel>
        <Tabs.Panel value="ukk">
          <UkkSection entries={of('ukk')} />
        </Tabs.Panel>
        <Tabs.Panel value="pkl">
          <PklSection entries={of('pkl')} />
        </Tabs.Panel>
        <Tabs.Panel value="impor">
          <EntryList entries={of('impor')} />
        </Tabs.Panel>
        <Tabs.Panel value="monitoring">
          <EntryList entries={of('monitoring')} />
        </Tabs.Panel>
        <Tabs.Panel value="referensi">
          <TautanSection />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
