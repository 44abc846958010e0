import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { APP_CONFIG } from '../lib/prefs';

/** Appears after scrolling more than 250 px; 7% from the bottom, z-index 99 (spec §2). */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > APP_CONFIG.scrollToTopThreshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="er-scroll-top"
      data-testid="scroll-to-top"
      aria-label={t('layout.scrollToTop')}
      style={{ bottom: '7%', zIndex: 99 }}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
      </svg>
    </button>
  );
}
