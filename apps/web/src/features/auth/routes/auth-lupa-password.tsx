import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { forgotPassword, resetPassword } from '../api/auth-api';
import { AuthAlert, AuthPage, PasswordField, SubmitButton, TextField } from '../components/auth-ui';
import { useFormErrors } from '../components/use-field-errors';

/** Lupa Password (reference-screens §2.4): ask for a link; with `?token=` set a new password. */
export default function LupaPasswordPage() {
  const { t } = useTranslation();
  const token = useRouterState({
    select: (s) => new URLSearchParams(s.location.searchStr).get('token') ?? '',
  });
  return (
    <AuthPage
      title={t('auth.forgot.title')}
      subtitle={token ? t('auth.forgot.resetSubtitle') : t('auth.forgot.subtitle')}
    >
      {token ? <ResetForm token={token} /> : <RequestForm />}
      <p className="er-auth__links">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ mailConfigured: boolean; message: string } | null>(null);
  const { errors, formError, fromFailure, reset } = useFormErrors(['email'] as const);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setResult(null);
    setBusy(true);
    try {
      setResult(await forgotPassword(email.trim()));
    } catch (error) {
      fromFailure(error);
    } finally {
      setBusy(false);
    }
  }

  if (result && !result.mailConfigured) {
    return (
      <div data-testid="forgot-no-mail">
        <AuthAlert tone="info">
          <strong>{t('auth.forgot.noMailTitle')}</strong>
          <br />
          {t('auth.forgot.noMailText')}
        </AuthAlert>
      </div>
    );
  }
  if (result) {
    return (
      <AuthAlert tone="success">
        <strong>{t('auth.forgot.sentTitle')}</strong>
        <br />
        {result.message}
      </AuthAlert>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('auth.forgot.title')}>
      {formError ? <AuthAlert>{formError}</AuthAlert> : null}
      <TextField
        label={t('auth.fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('auth.forgot.emailPlaceholder')}
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
        autoFocus
      />
      <SubmitButton busy={busy} text={t('auth.forgot.submit')} busyText={t('common.processing')} />
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, formError, fromFailure, reset } = useFormErrors([
    'token',
    'password',
    'password_confirmation',
  ] as const);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setBusy(true);
    try {
      const res = await resetPassword({ token, password, password_confirmation: confirmation });
      toast.success(t('auth.forgot.resetDoneTitle'), serverText(res.message));
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      fromFailure(error);
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('auth.forgot.resetSubtitle')}>
      {formError ? <AuthAlert>{formError}</AuthAlert> : null}
      {errors.token ? (
        <AuthAlert>
          {errors.token} <Link to="/lupa-password">{t('auth.forgot.requestNew')}</Link>
        </AuthAlert>
      ) : null}
      <PasswordField
        label={t('auth.forgot.newPassword')}
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <PasswordField
        label={t('auth.forgot.confirmPassword')}
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        error={errors.password_confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <SubmitButton busy={busy} text={t('auth.forgot.resetSubmit')} busyText={t('common.processing')} />
    </form>
  );
}
