import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import {
  dismissToast,
  dragDismisses,
  TOAST_CONFIGS,
  type Toast,
  type ToastStyle,
  useToasts,
  visibleToasts,
} from '../lib/toast';

const ICONS: Record<Toast['type'], string> = {
  default: 'ℹ',
  info: 'ℹ',
  success: '✓',
  warning: '!',
  error: '✕',
};

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const config = TOAST_CONFIGS[toast.style];
  const ref = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const drag = useRef<{ startX: number; width: number; pointerId: number } | null>(null);
  const remaining = useRef(toast.timeout);
  const startedAt = useRef(0);

  // The toast's time runs while it is visible and not hovered.
  useEffect(() => {
    if (toast.timeout <= 0 || paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, toast.id, toast.timeout]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!config.draggable || e.button !== 0) return;
    drag.current = { startX: e.clientX, width: ref.current?.offsetWidth ?? 0, pointerId: e.pointerId };
    ref.current?.setPointerCapture?.(e.pointerId);
    setPaused(true);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current) setDx(e.clientX - drag.current.startX);
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    const moved = e.clientX - d.startX;
    if (dragDismisses(moved, d.width, config)) {
      dismissToast(toast.id);
      return;
    }
    setDx(0);
    setPaused(false);
    if (Math.abs(moved) < 5 && config.closeOnClick) dismissToast(toast.id);
  };

  const width = ref.current?.offsetWidth ?? 0;
  const style =
    dx === 0
      ? undefined
      : { transform: `translateX(${dx}px)`, opacity: width ? Math.max(0.2, 1 - Math.abs(dx) / width) : 1 };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer dragging is an extra way to dismiss; timers close it anyway
    <div
      ref={ref}
      className={`er-toast er-toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : undefined}
      data-toast-id={toast.id}
      style={style}
      onMouseEnter={config.pauseOnHover ? () => setPaused(true) : undefined}
      onMouseLeave={config.pauseOnHover ? () => setPaused(false) : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {config.icon ? (
        <span className="er-toast__icon" aria-hidden="true">
          {ICONS[toast.type]}
        </span>
      ) : null}
      <div className="er-toast__body">
        <div className="er-toast__title">{toast.title}</div>
        {toast.text ? <div className="er-toast__text">{toast.text}</div> : null}
      </div>
      {config.closeButton ? (
        <button
          type="button"
          className="er-toast__close"
          aria-label={t('common.close')}
          onPointerDown={(e) => e.stopPropagation()}
          onClick={() => dismissToast(toast.id)}
        >
          ×
        </button>
      ) : null}
      {!config.hideProgressBar && toast.timeout > 0 ? (
        <div
          className="er-toast__progress"
          style={{
            animationDuration: `${toast.timeout}ms`,
            animationPlayState: paused ? 'paused' : 'running',
          }}
        />
      ) : null}
    </div>
  );
}

function Container({ style, testId }: { style: ToastStyle; testId: string }) {
  const all = useToasts();
  const shown = visibleToasts(all, style);
  return (
    <div
      className={`er-toasts er-toasts--${TOAST_CONFIGS[style].position}`}
      data-testid={testId}
      aria-live="polite"
    >
      {shown.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}

/** Both toast containers: the default one bottom right, the long one top right. */
export function Toaster() {
  return (
    <>
      <Container style="default" testId="toasts" />
      <Container style="long" testId="toasts-long" />
    </>
  );
}
