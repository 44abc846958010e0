import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules of axe-core (issue #10 item 6, decision 023). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it stands and returns one line per serious or critical violation:
 * rule id, impact, the screen and every target selector. `within` narrows the check (an open dialog).
 */
export async function axeViolations(page: Page, screen: string, within?: string): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default runs axe per frame and then again in a
  // new blank page to merge the frames' results — 2–4× slower here (measured), and the app has no
  // iframes. `resultTypes`: selectors only for the violations' nodes, not for every passing one.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) on ${screen}: ${v.help}\n    ${v.nodes
          .map((n) => {
            const why = [...n.any, ...n.all, ...n.none][0]?.message;
            return `${n.target.map(String).join(' >> ')}${why ? ` — ${why}` : ''}`;
          })
          .join('\n    ')}`,
    );
}
