import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDITED_ACTIONS, AUDITED_ENTITIES } from '../../contract/audit-plan';
import { auditEventsEntity } from '../../contract/entities/audit-event';
import { usePageMachines } from '../app/actor-context';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { AuditEventDialog } from './AuditEventDialog';
import { AuditEventsView } from './AuditEventsView';
import { actionText, entityText } from './audit-texts';

/** /audit-events: who changed what, newest first; filters by user, object type, action and days; export; a row opens its diff. */
export function AuditEventsPage() {
  const { t } = useTranslation('audit');
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.auditEvents.list, { defaultSort: [...auditEventsEntity.defaultSort] });
  const access = useEntityAccess(auditEventsEntity);
  const users = usePickers().users;
  const [open, setOpen] = useState<number | null>(null);
  const filters: FilterDef[] = [
    { kind: 'relation', field: 'user', label: t('fields.user'), picker: users, labels: users.labels },
    {
      kind: 'choice',
      field: 'entity',
      label: t('fields.entity'),
      rule: 'equals',
      choices: AUDITED_ENTITIES.map((value) => ({ value, label: entityText(t, value) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    },
    {
      kind: 'choice',
      field: 'action',
      label: t('fields.action'),
      rule: 'equals',
      choices: AUDITED_ACTIONS.map((value) => ({ value, label: actionText(t, value) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    },
    { kind: 'date', field: 'date_from', label: t('fields.from'), rule: 'equals_above' },
    { kind: 'date', field: 'date_to', label: t('fields.to'), rule: 'equals_below' },
  ];
  return (
    <AuditEventsView listRef={listRef} filters={filters} canExport={access.export} onOpen={(id) => setOpen(id)}>
      {open !== null ? <AuditEventDialog id={open} onClose={() => setOpen(null)} /> : null}
    </AuditEventsView>
  );
}
