import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { readString, STORAGE_KEYS, writeString } from '../../../lib/storage';
import { logout } from '../api/auth-api';

/**
 * Logout (reference-screens §2.5, done better): tells the server to revoke the refresh token,
 * then clears the stored session whatever the answer, and goes to /login.
 */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const refreshToken = readString(STORAGE_KEYS.refreshToken);
    logout(refreshToken)
      .catch(() => undefined)
      .finally(() => {
        if (done) return;
        done = true;
        clearSession();
        writeString(STORAGE_KEYS.semesterId, null);
        void navigate({ to: '/login', replace: true });
      });
    return () => {
      // StrictMode runs effects twice in development; the request is harmless twice.
    };
  }, [navigate]);
  return (
    <div className="er-error-panel" role="status" style={{ borderTopColor: 'var(--er-primary)' }}>
      <p>{t('auth.logout.progress')}</p>
    </div>
  );
}
