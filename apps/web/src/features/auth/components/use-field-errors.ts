import { useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';

/**
 * Field errors and a form-level message from a failed request: the server's `details`
 * go under the fields they name; its `message` (or the network message) above the form
 * when no field explains the failure.
 */
export function useFormErrors<F extends string>(fields: readonly F[]) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function fromFailure(error: unknown): void {
    const fieldErrors: Partial<Record<F, string>> = {};
    const { details } = toHttpError(error);
    for (const f of fields) if (details[f]) fieldErrors[f] = details[f];
    setErrors(fieldErrors);
    setFormError(Object.keys(fieldErrors).length > 0 ? null : httpErrorMessage(error, t));
  }

  function reset(next: Partial<Record<F, string>> = {}): void {
    setErrors(next);
    setFormError(null);
  }

  return { errors, formError, fromFailure, reset, setFormError };
}
