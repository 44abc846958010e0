import './auth.css';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { LocaleSwitcher } from '../../../components/locale-switcher';
import { useTranslation } from '../../../lib/i18n';

/**
 * The public auth pages (login, register, forgot password) are built from these few plain
 * components and auth.css instead of Mantine: they are the front door and must stay within
 * the /login size budget (docs/decisions/003). They look like the Mantine inputs of the app.
 */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="er-auth">
      <div className="er-auth__art" aria-hidden="true">
        <AuthIllustration />
      </div>
      <main className="er-auth__main">
        <div className="er-auth__top">
          <LocaleSwitcher />
        </div>
        <div className="er-auth__card">
          <div className="er-auth__brand">
            <img src="/favicon.svg" alt="" width="40" height="40" />
            <div>
              <div className="er-auth__app">e-Rapor SMK</div>
              <div className="er-auth__version">{t('auth.version', { version: __APP_VERSION__ })}</div>
            </div>
          </div>
          <h1 className="er-auth__title">{title}</h1>
          {subtitle ? <p className="er-auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

function FieldFrame({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`er-field${error ? ' er-field--error' : ''}`}>
      <label className="er-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="er-field__error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, id, ...rest }: FieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <input
        {...rest}
        id={fieldId}
        className="er-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
    </FieldFrame>
  );
}

export function PasswordField({ label, error, id, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <div className="er-input-wrap">
        <input
          {...rest}
          id={fieldId}
          type={shown ? 'text' : 'password'}
          className="er-input er-input--with-action"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        <button
          type="button"
          className="er-input-action"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown ? <path d="M3 3l18 18" /> : null}
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  id,
  placeholder,
  options,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <select
        {...rest}
        id={fieldId}
        className="er-input er-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <label className="er-check">
      <input {...rest} type="checkbox" />
      <span>{label}</span>
    </label>
  );
}

export function SubmitButton({
  busy,
  text,
  busyText,
  waiting = false,
}: {
  busy: boolean;
  text: string;
  busyText: string;
  /** Not ready to submit yet (e.g. the form's choices are still loading); the text stays. */
  waiting?: boolean;
}) {
  return (
    <button type="submit" className="er-btn er-btn--primary er-btn--block" disabled={busy || waiting}>
      {busy ? busyText : text}
    </button>
  );
}

export function AuthAlert({
  tone = 'danger',
  children,
}: {
  tone?: 'danger' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div className={`er-alert er-alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

function AuthIllustration() {
  return (
    <svg viewBox="0 0 400 320" className="er-auth__svg" aria-hidden="true">
      <rect x="70" y="40" width="200" height="250" rx="14" fill="#fff" stroke="#d8d6de" />
      <rect x="95" y="70" width="110" height="12" rx="6" fill="#7367f0" />
      <rect x="95" y="100" width="150" height="8" rx="4" fill="#e4e2f7" />
      <rect x="95" y="120" width="130" height="8" rx="4" fill="#e4e2f7" />
      <rect x="95" y="150" width="150" height="60" rx="8" fill="#f3f2fe" />
      <path
        d="M108 195l25-22 20 14 30-30 30 20"
        fill="none"
        stroke="#28c76f"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <rect x="95" y="228" width="60" height="30" rx="6" fill="#28c76f" opacity=".85" />
      <rect x="165" y="228" width="60" height="30" rx="6" fill="#ff9f43" opacity=".85" />
      <circle cx="300" cy="110" r="46" fill="#7367f0" opacity=".15" />
      <path d="M280 110l14 14 26-30" fill="none" stroke="#7367f0" strokeWidth="8" strokeLinecap="round" />
      <rect x="250" y="200" width="100" height="70" rx="10" fill="#00cfe8" opacity=".2" />
      <text x="300" y="244" textAnchor="middle" fontSize="26" fontWeight="700" fill="#00a5b8">
        A
      </text>
    </svg>
  );
}
