import type { TFunction } from 'i18next';
import type { MailTemplate } from '../../contract/entities/mail-template';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime } from '../kit/format-date';

/** The mail templates table: the type, where it applies (the project or a group), the subject, when it changed. */
export function mailTemplateColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<MailTemplate & { [k: string]: unknown }>([
    {
      key: 'mail_type_id',
      header: t('settings:templates.type'),
      sortField: 'mail_type_id',
      cell: (m) => t(`settings:types.${m.mail_type}.name`),
    },
    {
      key: 'domain',
      header: t('settings:templates.level'),
      sortField: 'domain_id',
      cell: (m) => m.domain?.name ?? t('settings:templates.project'),
    },
    { key: 'subject', header: t('settings:templates.subject'), sortField: 'subject', cell: (m) => m.subject },
    {
      key: 'updated_at',
      header: t('settings:templates.updated_at'),
      sortField: 'updated_at',
      className: 'w-44',
      cell: (m) => formatDateTime(m.updated_at, locale),
    },
  ]);
}
