import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_TYPES, mailTemplatesEntity } from '../../contract/entities/mail-template';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { usePageMachines } from '../app/actor-context';
import { EntityListView } from '../entities/EntityListView';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { Button } from '../kit/Button';
import { pageWidth } from '../kit/page-width';
import { MailTemplateDialog } from './MailTemplateDialog';
import { mailTemplateColumns } from './mail-template-columns';
import { mailTemplateForm } from './mail-template-form';

type Open = { id: number | null; row?: ListRow } | null;

/**
 * The mail templates (7.6, 2.5 "mail templates"): every kind of mail the product
 * sends, for the project or a group (6.3), with a preview. A type without a
 * template sends its built-in text.
 */
export function MailTemplatesPage() {
  const { t, i18n } = useTranslation(['settings', 'lists']);
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.mailTemplates.list, { defaultSort: [...mailTemplatesEntity.defaultSort] });
  const can = useEntityAccess(mailTemplatesEntity);
  const mayPatch = useMayCall('PATCH /mail-templates/{id}');
  const [open, setOpen] = useState<Open>(null);
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) listRef.send({ type: 'list.refresh' });
  };
  return (
    <div className={pageWidth('full')}>
      <EntityListView
        listRef={listRef}
        title={t('settings:templates.title')}
        description={t('settings:templates.description')}
        columns={mailTemplateColumns(t, i18n.language)}
        filters={[
          {
            kind: 'choice',
            field: 'mail_type_id',
            rule: 'equals',
            label: t('settings:templates.type'),
            choices: MAIL_TYPES.map((type) => ({ value: type.id, label: t(`settings:types.${type.code}.name`) })),
          },
          {
            kind: 'choice',
            field: 'domain_id',
            rule: 'is',
            label: t('settings:templates.level'),
            choices: [
              { value: 'null', label: t('settings:templates.project') },
              { value: 'not_null', label: t('settings:templates.groups') },
            ],
          },
        ]}
        searchLabel={t('settings:templates.search')}
        rowLabel={(row) => String(row.subject)}
        entityLabel={(count) => t('settings:templates.count', { count })}
        onOpen={(row) => setOpen({ id: row.id, row })}
        canDelete={can.delete}
        actions={
          can.create ? (
            <Button variant="primary" onClick={() => setOpen({ id: null })}>
              {t('settings:templates.add')}
            </Button>
          ) : null
        }
      >
        {open ? (
          <TemplateDialog id={open.id} mayEdit={open.id === null ? can.create : mayPatch} onClose={close} />
        ) : null}
      </EntityListView>
    </div>
  );
}

function TemplateDialog(props: { id: number | null; mayEdit: boolean; onClose: (changed: boolean) => void }) {
  const { entities } = usePageMachines();
  const formRef = useEntityForm(
    entities.mailTemplates.form,
    { id: props.id, definition: mailTemplateForm, mayEdit: props.mayEdit },
    () => props.onClose(true),
  );
  return <MailTemplateDialog formRef={formRef} onClose={() => props.onClose(false)} />;
}
