import { useTranslation } from 'react-i18next';
import type { UserImportResult } from '../../contract/entities/user-transfer';
import { translateError } from '../kit/translate-error';

/** Rows shown in the dialog; the downloadable report has them all. */
const SHOWN_ROWS = 50;

/** What an upload did: three counts, then every refused row with its 8.2 message. */
export function ImportReport({ result }: { result: UserImportResult }) {
  const { t } = useTranslation(['users', 'errors']);
  const message = (code: string, params?: Record<string, unknown>) =>
    translateError(t, { code, ...(params ? { params } : {}) });
  const counts = [
    [result.users_created, t('users:transfer.usersCreated')],
    [result.users_attached, t('users:transfer.usersAttached')],
    [result.errors.length, t('users:transfer.rowsRefused')],
  ] as const;
  const changed = result.users_created + result.users_attached > 0;
  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-3 gap-2 text-center" aria-label={t('users:transfer.summary')}>
        {counts.map(([count, label]) => (
          <li key={label} className="rounded-md bg-surface-muted px-2 py-2">
            <div className="text-lg font-semibold">{count}</div>
            <div className="text-xs text-muted">{label}</div>
          </li>
        ))}
      </ul>
      {result.errors.length === 0 ? (
        <p role="status">{changed ? t('users:transfer.clean') : t('users:transfer.nothing')}</p>
      ) : (
        <div role="alert">
          <p className="mb-2 font-medium text-danger-700">
            {t('users:transfer.refused', { count: result.errors.length })}
          </p>
          <table className="w-full text-left text-[13px]">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="w-16 py-1 pr-2 font-medium">
                  {t('users:transfer.rowNumber')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('users:transfer.problem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.errors.slice(0, SHOWN_ROWS).map((e) => (
                <tr key={`${e.sheet}-${e.row}-${e.column ?? ''}`} className="border-t border-line">
                  <td className="py-1 pr-2">{e.row}</td>
                  <td className="py-1">
                    {message(e.message, e.params)}
                    {e.column ? <span className="text-muted"> ({e.column})</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.errors.length > SHOWN_ROWS ? (
            <p className="mt-1 text-xs text-muted">
              {t('users:transfer.more', { count: result.errors.length - SHOWN_ROWS })}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
