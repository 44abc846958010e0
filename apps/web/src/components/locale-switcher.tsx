import { failureText } from '../lib/http-errors';
import { LOCALE_NAMES, LOCALES, setLocale, useTranslation } from '../lib/i18n';
import type { Locale } from '../lib/prefs';
import { toast } from '../lib/toast';

/** The language switcher (navbar and login page). A native select: light and accessible. */
export function LocaleSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={`er-locale ${className ?? ''}`}
      data-testid="locale-switcher"
      aria-label={t('locale.label')}
      value={i18n.language}
      onChange={(e) =>
        setLocale(e.target.value as Locale).catch((error: unknown) =>
          toast.error(t('chunk.title'), failureText(error, t), 'long'),
        )
      }
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
