import { Divider, Drawer, Group, NativeSelect, Radio, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  CONTENT_WIDTHS,
  FOOTER_TYPES,
  LAYOUT_TYPES,
  NAVBAR_COLORS,
  NAVBAR_TYPES,
  type Prefs,
  ROUTER_TRANSITIONS,
  SKINS,
  setPrefs,
  usePrefs,
} from '../../lib/prefs';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" tt="uppercase" c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Choice<K extends keyof Prefs>({
  name,
  label,
  options,
  labels,
}: {
  name: K;
  label: string;
  options: readonly Prefs[K][];
  labels: (value: Prefs[K]) => string;
}) {
  const prefs = usePrefs();
  return (
    <Radio.Group
      name={name}
      label={label}
      value={String(prefs[name])}
      onChange={(v) => setPrefs({ [name]: v } as Partial<Prefs>)}
    >
      <Group gap="md" mt={6}>
        {options.map((o) => (
          <Radio key={String(o)} value={String(o)} label={labels(o)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The theme customizer: every layout preference, saved at once (spec §3). */
export default function Customizer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      zIndex={1100}
      size="sm"
      title={t('customizer.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg" data-testid="customizer">
        <Text size="sm" c="dimmed">
          {t('customizer.subtitle')}
        </Text>
        <Section title={t('customizer.sections.theme')}>
          <Choice
            name="skin"
            label={t('customizer.skin')}
            options={SKINS}
            labels={(v) => t(`customizer.skins.${v}`)}
          />
          <Choice
            name="contentWidth"
            label={t('customizer.contentWidth')}
            options={CONTENT_WIDTHS}
            labels={(v) => t(`customizer.widths.${v}`)}
          />
          <Switch
            label={t('customizer.rtl')}
            checked={prefs.isRTL}
            onChange={(e) => setPrefs({ isRTL: e.currentTarget.checked })}
          />
          <NativeSelect
            label={t('customizer.transition')}
            value={prefs.routerTransition}
            data={ROUTER_TRANSITIONS.map((v) => ({ value: v, label: t(`customizer.transitions.${v}`) }))}
            onChange={(e) =>
              setPrefs({ routerTransition: e.currentTarget.value as Prefs['routerTransition'] })
            }
          />
        </Section>
        <Divider />
        <Section title={t('customizer.sections.menu')}>
          <Choice
            name="layoutType"
            label={t('customizer.layoutType')}
            options={LAYOUT_TYPES}
            labels={(v) => t(`customizer.layouts.${v}`)}
          />
          <Switch
            label={t('customizer.menuCollapsed')}
            checked={prefs.menuCollapsed}
            disabled={prefs.layoutType !== 'vertical'}
            onChange={(e) => setPrefs({ menuCollapsed: e.currentTarget.checked })}
          />
          <Switch
            label={t('customizer.menuHidden')}
            checked={prefs.menuHidden}
            disabled={prefs.layoutType !== 'vertical'}
            onChange={(e) => setPrefs({ menuHidden: e.currentTarget.checked })}
          />
        </Section>
        <Divider />
        <Section title={t('customizer.sections.navbar')}>
          <NativeSelect
            label={t('customizer.navbarColor')}
            value={prefs.navbarColor}
            data={NAVBAR_COLORS.map((v) => ({ value: v, label: t(`customizer.colors.${v || 'none'}`) }))}
            onChange={(e) => setPrefs({ navbarColor: e.currentTarget.value as Prefs['navbarColor'] })}
          />
          <Choice
            name="navbarType"
            label={t('customizer.navbarType')}
            options={NAVBAR_TYPES}
            labels={(v) => t(`customizer.types.${v}`)}
          />
        </Section>
        <Divider />
        <Section title={t('customizer.sections.footer')}>
          <Choice
            name="footerType"
            label={t('customizer.footerType')}
            options={FOOTER_TYPES}
            labels={(v) => t(`customizer.types.${v}`)}
          />
        </Section>
      </Stack>
    </Drawer>
  );
}
