import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError } from '../lib/chunk-load';
import { httpErrorParts, isRequestError } from '../lib/http-errors';
import { useTranslation } from '../lib/i18n';
import { hideLoadingOverlay } from '../lib/loading-overlay';

/**
 * The router's error component. A chunk that failed to load (ChunkLoadError) gets a clear
 * message and a reload button, never a blank page; other errors likewise say what happened.
 * Plain HTML and the entry's CSS only: it must render when no other chunk can be loaded.
 */
export function RouteErrorPanel({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  useEffect(() => hideLoadingOverlay(), []);
  const reload = () => window.location.reload();

  if (isChunkLoadError(error)) {
    return (
      <div className="er-error-panel" role="alert" data-testid="chunk-error">
        <h2>{t('chunk.title')}</h2>
        <p>{t(error.type === 'timeout' ? 'chunk.timeout' : 'chunk.missing')}</p>
        <p className="er-error-panel__detail">
          <code>{t('chunk.failed', { chunk: error.chunk })}</code>
        </p>
        <button type="button" className="er-btn er-btn--primary" onClick={reload}>
          {t('chunk.reload')}
        </button>
      </div>
    );
  }

  const fromRequest = isRequestError(error);
  // Heading and message in one language: a server message under an English heading stands alone.
  const shown = fromRequest
    ? httpErrorParts(t('errors.title'), error, t)
    : { title: t('errors.title'), text: t('errors.unexpected') };
  return (
    <div className="er-error-panel" role="alert" data-testid="route-error">
      <h2>{shown.title}</h2>
      {shown.text ? <p>{shown.text}</p> : null}
      {error instanceof Error && error.message && !fromRequest ? (
        <p className="er-error-panel__detail">
          <code>{error.message}</code>
        </p>
      ) : null}
      <div className="er-error-panel__actions">
        <button type="button" className="er-btn er-btn--primary" onClick={reload}>
          {t('chunk.reload')}
        </button>
        <a className="er-btn er-btn--link" href="/">
          {t('common.backHome')}
        </a>
      </div>
    </div>
  );
}

/** Shown while a route takes longer than a moment to load. */
export function PendingBar() {
  const { t } = useTranslation();
  return (
    <div className="er-pending" role="progressbar" aria-label={t('common.loading')}>
      <div className="er-pending__bar" />
    </div>
  );
}
