import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { httpErrorParts } from '../lib/http-errors';
import { useTranslation } from '../lib/i18n';

/**
 * A failed request as an alert: `title` (interface text) over the error's message, in one
 * language (docs/decisions/020-language.md) — a server message (Indonesian) under an English
 * heading would mix two languages, so then the message stands alone as the heading.
 */
export function ErrorAlert({
  title,
  error,
  children,
  ...props
}: { title: string; error: unknown; children?: ReactNode } & Omit<AlertProps, 'title' | 'children'>) {
  const { t } = useTranslation();
  const parts: { title: string; text?: string } = error == null ? { title } : httpErrorParts(title, error, t);
  return (
    <Alert color="red" title={parts.title} {...props}>
      {parts.text}
      {parts.text && children ? ' ' : null}
      {children}
    </Alert>
  );
}
