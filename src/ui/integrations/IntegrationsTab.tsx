import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import {
  selectHasMore,
  selectIsFirstLoad,
  selectIsListFailed,
  selectListItems,
} from '../../machines/entity-list/entity-list.selectors';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { BulkBar } from '../entities/BulkBar';
import { useMayCall } from '../entities/use-access';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';

/**
 * The video platforms tab of /general-settings: the integrations the caller sees, each opening
 * /integration/:id/edit, and Add (/integration/add). 2.1 gives integrations no list page of
 * their own; this is where a project's owner finds them (docs/decisions.md "Integrations").
 */
export function IntegrationsTab({ group }: { group?: { id: number; name: string } } = {}) {
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const mayAdd = useMayCall('POST /integrations');
  // Deleting goes through the list's delete-all with the row's id, behind its confirmation.
  const mayDelete = useMayCall('POST /integrations/delete-all');
  const listRef = useActorRef(entities.integrations.list, {
    input: {
      defaultSort: ['name'],
      ...(group ? { baseFilters: [{ field: 'domain_id', rule: 'equals' as const, value: group.id }] } : {}),
    },
  });
  const add = group
    ? `/integration/add?${new URLSearchParams({ group: String(group.id), name: group.name })}`
    : '/integration/add';
  return (
    <IntegrationsTabView
      listRef={listRef}
      onAdd={mayAdd ? () => openPage(add) : undefined}
      onOpen={(id) => openPage(`/integration/${id}/edit`)}
      canDelete={mayDelete}
      bare={group !== undefined}
    />
  );
}

/** Props of {@link IntegrationsTabView}. */
export interface IntegrationsTabViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  /** Absent without the permission to add. */
  onAdd?: () => void;
  onOpen: (id: number) => void;
  /** A Delete button on each row, asking first (the list actor's confirmation). */
  canDelete?: boolean;
  /** Inside a dialog (a group's integrations): no card of its own. */
  bare?: boolean;
}

const serverOf = (row: ListRow) => (row.settings as { url?: string } | undefined)?.url ?? '';
const levelOf = (row: ListRow) => (row.domains as { name: string }[] | undefined)?.[0]?.name ?? null;

/** The tab over a list actor (stories hydrate it from fixtures). */
export function IntegrationsTabView({
  listRef,
  onAdd,
  onOpen,
  canDelete = false,
  bare = false,
}: IntegrationsTabViewProps) {
  const { t } = useTranslation(['integrations', 'lists']);
  const rows = useSelector(listRef, selectListItems);
  const loading = useSelector(listRef, selectIsFirstLoad);
  const failed = useSelector(listRef, selectIsListFailed);
  const more = useSelector(listRef, selectHasMore);
  const addButton = onAdd ? (
    <Button size="sm" onClick={onAdd}>
      {t('list.add')}
    </Button>
  ) : null;
  const body = (
    <>
      <p className="px-4 pt-3 text-[13px] text-muted">{t('list.hint')}</p>
      {failed ? (
        <p role="alert" className="px-4 py-3 text-sm text-danger-700">
          {t('lists:table.failed')}
        </p>
      ) : loading ? (
        <p className="px-4 py-3 text-sm text-muted">{t('lists:table.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted">{t('list.empty')}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-[12px] text-muted">
              <th className="px-4 py-1.5 font-medium">{t('fields.name')}</th>
              <th className="px-4 py-1.5 font-medium">{t('list.server')}</th>
              <th className="px-4 py-1.5 font-medium">{t('list.level')}</th>
              {canDelete ? (
                <th className="px-4 py-1.5">
                  <span className="sr-only">{t('lists:actions.delete')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0">
                <td className="px-4 py-2">
                  <button
                    type="button"
                    onClick={() => onOpen(row.id)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {String(row.name)}
                  </button>
                </td>
                <td className="px-4 py-2 font-mono text-[12px] text-ink">{serverOf(row)}</td>
                <td className="px-4 py-2 text-ink">{levelOf(row) ?? t('list.project')}</td>
                {canDelete ? (
                  <td className="px-4 py-2 text-right">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('list.deleteNamed', { name: String(row.name) })}
                      onClick={() => listRef.send({ type: 'list.deleteRequested', ids: [row.id] })}
                    >
                      {t('lists:actions.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <BulkBar listRef={listRef} canDelete={false} entityLabel={(count) => t('list.count', { count })} />
      {more ? (
        <div className="px-4 py-2">
          <Button size="sm" variant="ghost" onClick={() => listRef.send({ type: 'list.loadMore' })}>
            {t('lists:table.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
  if (bare)
    return (
      <div className="-mx-4 -my-3">
        {body}
        {addButton ? <div className="px-4 py-3">{addButton}</div> : null}
      </div>
    );
  return (
    <Card title={t('list.title')} actions={addButton}>
      {body}
    </Card>
  );
}
