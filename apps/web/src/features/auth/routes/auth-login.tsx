import type { SemesterListResponse } from '@erapor/contract/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { getPrefs, setPrefs } from '../../../lib/prefs';
import { storeLogin } from '../../../lib/session';
import { readString, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { fetchSemesters, login } from '../api/auth-api';
import {
  AuthAlert,
  AuthPage,
  CheckboxField,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
} from '../components/auth-ui';
import { useFormErrors } from '../components/use-field-errors';

const FIELDS = ['email', 'password', 'semester_id'] as const;

/** Login Pengguna (reference-screens §2.1). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => getPrefs().rememberedEmail);
  const [password, setPassword] = useState('');
  const [semesterId, setSemesterId] = useState('');
  const [remember, setRemember] = useState(() => getPrefs().rememberedEmail !== '');
  const [info, setInfo] = useState<SemesterListResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, formError, fromFailure, reset, setFormError } = useFormErrors(FIELDS);

  useEffect(() => {
    const controller = new AbortController();
    fetchSemesters(controller.signal).then(
      (res) => {
        setInfo(res);
        const known = (id: string | null) =>
          id && res.semester.some((s) => s.semester_id === id) ? id : null;
        // The active semester (Periode Aktif) first; else the one of the last login; else the newest.
        setSemesterId(
          (current) =>
            current ||
            known(res.semester_id) ||
            known(readString(STORAGE_KEYS.semesterId)) ||
            res.semester[0]?.semester_id ||
            '',
        );
      },
      (error) => {
        if (!controller.signal.aborted) setFormError(httpErrorMessage(error, t));
      },
    );
    return () => controller.abort();
  }, [t, setFormError]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setBusy(true);
    try {
      const res = await login({ email: email.trim(), password, semester_id: semesterId });
      setPrefs({ rememberedEmail: remember ? email.trim() : '' });
      storeLogin(res);
      toast.success(
        t('auth.login.welcomeTitle', { name: res.userData.name }),
        t('auth.login.welcomeText', { role: res.userData.role || t('auth.login.noRole') }),
      );
      await navigate({ to: '/', replace: true });
    } catch (error) {
      fromFailure(error);
      setBusy(false);
    }
  }

  const canRegister = info !== null && (info.allowRegister || info.sekolah === 0);

  return (
    <AuthPage title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('auth.login.title')}>
        {formError ? <AuthAlert>{formError}</AuthAlert> : null}
        <TextField
          label={t('auth.fields.email')}
          name="email"
          type="text"
          autoComplete="username"
          placeholder={t('auth.login.emailPlaceholder')}
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder="············"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SelectField
          label={t('auth.fields.semester')}
          name="semester_id"
          placeholder={t('auth.login.semesterPlaceholder')}
          value={semesterId}
          error={errors.semester_id}
          disabled={info === null}
          options={(info?.semester ?? []).map((s) => ({ value: s.semester_id, label: s.nama }))}
          onChange={(e) => setSemesterId(e.target.value)}
        />
        <CheckboxField
          label={t('auth.login.remember')}
          name="remember"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        {/* Until the semesters are in, a submit would go without one and be refused (a password
            manager or a fast typist gets there first); a failed load leaves the button usable. */}
        <SubmitButton
          busy={busy}
          waiting={info === null && !formError}
          text={t('auth.login.submit')}
          busyText={t('auth.login.submitting')}
        />
      </form>
      <p className="er-auth__links">
        {canRegister ? (
          <>
            {t('auth.login.newUser')} <Link to="/register">{t('auth.login.registerHere')}</Link>
            {' | '}
          </>
        ) : null}
        <Link to="/lupa-password">{t('auth.login.forgot')}</Link>
      </p>
    </AuthPage>
  );
}
