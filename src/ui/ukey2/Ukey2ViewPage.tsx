import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { type Ukey2, Ukey2Schema } from '../../contract/entities/ukey2';
import { listQueryToSearch } from '../../contract/filters';
import { StartStopConfirm } from '../announces/StartStopConfirm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button, buttonClasses } from '../kit/Button';
import { Card } from '../kit/Card';
import { formatDateTime } from '../kit/format-date';
import { NotFoundPage } from '../shell/NotFoundPage';
import { Ukey2IssueDialog } from './Ukey2IssueDialog';
import { phoneText, Ukey2StatusBadge } from './ukey2-columns';
import { ukey2ViewForm } from './ukey2-form';

const LIST = '/ukey2';

/** /ukey2/:id/edit: one UKEY2, view only (2.1); revoke and issue-again by permission. */
export function Ukey2ViewPage() {
  const { id } = useParams();
  if (id === undefined || !/^\d+$/.test(id)) return <NotFoundPage />;
  return <Ukey2Viewer key={id} id={Number(id)} />;
}

function Ukey2Viewer({ id }: { id: number }) {
  const { entities } = usePageMachines();
  const { closePage } = usePageStack();
  const formRef = useEntityForm(entities.ukey2.form, { id, definition: ukey2ViewForm, mayEdit: false }, () => {});
  return (
    <Ukey2ViewView
      formRef={formRef}
      can={{ revoke: useMayCall('POST /ukey2/{id}/revoke'), issue: useMayCall('POST /ukey2/issue') }}
      onBack={() => closePage(LIST)}
    />
  );
}

/** Props of {@link Ukey2ViewView}. */
export interface Ukey2ViewViewProps {
  formRef: FormRef;
  can: { revoke: boolean; issue: boolean };
  onBack: () => void;
}

/** The key's facts in one card; its access events; Revoke (confirmed) while usable, Issue a new one once revoked. */
export function Ukey2ViewView({ formRef, can, onBack }: Ukey2ViewViewProps) {
  const { t, i18n } = useTranslation('ukey2');
  const { ukey2Revoke } = usePageMachines();
  const { openPage } = usePageStack();
  const item = useFormItem(formRef, Ukey2Schema) as Ukey2 | null;
  const [dialog, setDialog] = useState<'revoke' | 'issue' | null>(null);
  const name = item ? (item.name ?? item.value) : '';
  const events = item
    ? `/access-control/events?${new URLSearchParams(
        listQueryToSearch({ filters: [{ field: 'identifier', rule: 'has', value: [item.id] }] }),
      ).toString()}`
    : null;
  return (
    <EntityFormPage
      formRef={formRef}
      title={item ? t('viewTitle', { name }) : t('title')}
      description={t('viewHint')}
      onCancel={onBack}
      extraActions={
        item ? (
          <>
            {events ? (
              <Link to={events} className={buttonClasses('secondary')}>
                {t('events')}
              </Link>
            ) : null}
            {can.revoke && !item.revoked ? (
              <Button variant="danger" onClick={() => setDialog('revoke')}>
                {t('revoke.action')}
              </Button>
            ) : null}
            {can.issue && item.revoked && item.owner ? (
              <Button variant="primary" onClick={() => setDialog('issue')}>
                {t('issue.again')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {item ? (
        <Card>
          <dl className="grid grid-cols-[10rem_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
            <dt className="text-muted">{t('fields.value')}</dt>
            <dd className="font-mono">
              {item.value}
              {item.value_hex ? <span className="text-muted"> · {item.value_hex}h</span> : null}
            </dd>
            <dt className="text-muted">{t('fields.name')}</dt>
            <dd>{item.name ?? t('unnamed')}</dd>
            <dt className="text-muted">{t('fields.owner')}</dt>
            <dd>
              {item.owner ? (
                <Link to={`/users/${item.owner.id}/edit`} className="text-brand-700 hover:underline">
                  {item.owner.name}
                </Link>
              ) : null}
            </dd>
            <dt className="text-muted">{t('fields.mobile_client')}</dt>
            <dd>{phoneText(t, item.mobile_client)}</dd>
            <dt className="text-muted">{t('fields.status')}</dt>
            <dd>
              <Ukey2StatusBadge t={t} item={item} />
            </dd>
            <dt className="text-muted">{t('fields.created_at')}</dt>
            <dd>
              {formatDateTime(item.created_at, i18n.language)}
              {item.created_by_user ? <span className="text-muted"> · {item.created_by_user.name}</span> : null}
            </dd>
            {item.revoked_at ? (
              <>
                <dt className="text-muted">{t('fields.revoked_at')}</dt>
                <dd>{formatDateTime(item.revoked_at, i18n.language)}</dd>
              </>
            ) : null}
          </dl>
        </Card>
      ) : null}
      {item && dialog === 'revoke' ? (
        <StartStopConfirm
          machine={ukey2Revoke}
          id={item.id}
          item={item}
          title={t('revoke.title', { name })}
          message={t('revoke.body')}
          confirmLabel={t('revoke.confirm')}
          successCode="ukey2:revoke.done"
          tone="danger"
          onClose={() => setDialog(null)}
          onDone={(revoked) => {
            setDialog(null);
            formRef.send({ type: 'form.itemChanged', item: revoked });
          }}
        />
      ) : null}
      {item?.owner && dialog === 'issue' ? (
        <Ukey2IssueDialog
          preset={{ user: item.owner, mobile_client_id: item.mobile_client?.id ?? null }}
          onClose={() => setDialog(null)}
          onIssued={(key) => {
            setDialog(null);
            openPage(`/ukey2/${key.id}/edit`);
          }}
        />
      ) : null}
    </EntityFormPage>
  );
}
