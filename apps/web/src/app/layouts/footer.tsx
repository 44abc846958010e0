import { useTranslation } from '../../lib/i18n';
import type { FooterType } from '../../lib/prefs';

export function Footer({ type }: { type: FooterType }) {
  const { t } = useTranslation();
  if (type === 'hidden') return null;
  return (
    <footer className={`er-footer er-footer--${type}`} data-testid="footer">
      <span>{t('layout.copyright', { year: new Date().getFullYear() })}</span>
      <span className="er-footer__version">{t('layout.version', { version: __APP_VERSION__ })}</span>
    </footer>
  );
}
