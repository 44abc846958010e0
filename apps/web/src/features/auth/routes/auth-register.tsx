import type { SemesterListResponse } from '@erapor/contract/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { numericInputProps } from '../../../lib/numeric';
import { toast } from '../../../lib/toast';
import { fetchSemesters, register } from '../api/auth-api';
import { AuthAlert, AuthPage, PasswordField, SubmitButton, TextField } from '../components/auth-ui';
import { useFormErrors } from '../components/use-field-errors';

const FIELDS = ['npsn', 'email', 'password'] as const;

/** Registrasi Pengguna (reference-screens §2.3): the school's first operator account. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [npsn, setNpsn] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<SemesterListResponse | null>(null);
  const { errors, formError, fromFailure, reset, setFormError } = useFormErrors(FIELDS);

  useEffect(() => {
    const controller = new AbortController();
    fetchSemesters(controller.signal).then(setInfo, (error) => {
      if (!controller.signal.aborted) setFormError(httpErrorMessage(error, t));
    });
    return () => controller.abort();
  }, [t, setFormError]);

  const closed = info !== null && !info.allowRegister && info.sekolah > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setBusy(true);
    try {
      await register({ npsn, email: email.trim(), password });
      toast.success(t('auth.register.successTitle'), t('auth.register.successText'));
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      fromFailure(error);
      setBusy(false);
    }
  }

  return (
    <AuthPage title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {closed ? (
        <AuthAlert tone="info">{t('auth.register.closed')}</AuthAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label={t('auth.register.title')}>
          {formError ? <AuthAlert>{formError}</AuthAlert> : null}
          <TextField
            label={t('auth.fields.npsn')}
            name="npsn"
            placeholder="NPSN"
            maxLength={8}
            value={npsn}
            error={errors.npsn}
            {...numericInputProps(setNpsn)}
            autoFocus
          />
          <TextField
            label={t('auth.fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('auth.register.emailPlaceholder')}
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PasswordField
            label={t('auth.fields.password')}
            name="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <SubmitButton busy={busy} text={t('auth.register.submit')} busyText={t('common.processing')} />
        </form>
      )}
      <p className="er-auth__links">
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.toLogin')}</Link>
      </p>
    </AuthPage>
  );
}
