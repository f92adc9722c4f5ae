import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../contract/errors';
import { translateFieldError } from './translate-error';

/** Props of {@link FieldErrorText}. */
export interface FieldErrorTextProps {
  /** The field error to show; nothing is rendered without one. */
  error: FieldError | null | undefined;
  /** Id the input points at with `aria-describedby`. */
  id?: string;
}

/** The translated text of a field error (section 5), under its input. */
export function FieldErrorText({ error, id }: FieldErrorTextProps) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-xs text-danger-600">
      {translateFieldError(t, error)}
    </p>
  );
}
