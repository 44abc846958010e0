import type { PortalProfil } from '@erapor/contract/portal/portal';
import { Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useView } from '../../../lib/view-search';

/**
 * One pill tab per semester the pupil was in a regular class (Nilai, Teman Sekelas), the chosen
 * one in the URL's `semester`. Each panel is made only when shown.
 */
export function SemesterTabs({
  profil,
  value,
  panel,
}: {
  profil: PortalProfil;
  value: string | undefined;
  panel: (semesterId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [, setView] = useView();
  if (profil.semester.length === 0 || !value) return <Text c="dimmed">{t('portal.noSemester')}</Text>;
  return (
    <Tabs value={value} onChange={(v) => setView({ semester: v })} variant="pills" keepMounted={false}>
      <Tabs.List mb="md">
        {profil.semester.map((s) => (
          <Tabs.Tab key={s.semester_id} value={s.semester_id}>
            {s.nama}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {profil.semester.map((s) => (
        <Tabs.Panel key={s.semester_id} value={s.semester_id}>
          {panel(s.semester_id)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
