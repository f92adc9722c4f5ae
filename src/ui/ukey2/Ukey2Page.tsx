import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ukey2Entity } from '../../contract/entities/ukey2';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { Ukey2IssueDialog } from './Ukey2IssueDialog';
import { Ukey2View } from './Ukey2View';

/** /ukey2: the list actor (mirrored in the URL); a row opens /ukey2/:id/edit (view only); Issue is a dialog. */
export function Ukey2Page() {
  const { t } = useTranslation('ukey2');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.ukey2.list, { defaultSort: [...ukey2Entity.defaultSort] });
  const canIssue = useMayCall('POST /ukey2/issue');
  const [issuing, setIssuing] = useState(false);
  const filters: FilterDef[] = [
    { kind: 'relation', field: 'owner', label: t('fields.owner'), picker: pickers.users, labels: pickers.users.labels },
    {
      kind: 'choice',
      field: 'revoked',
      label: t('fields.revoked'),
      rule: 'equals',
      choices: [
        { value: true, label: t('status.revoked') },
        { value: false, label: t('status.active') },
      ],
    },
  ];
  return (
    <Ukey2View
      listRef={listRef}
      filters={filters}
      canIssue={canIssue}
      onIssue={() => setIssuing(true)}
      onOpen={(row) => openPage(`/ukey2/${row.id}/edit`)}
    >
      {issuing ? (
        <Ukey2IssueDialog
          onClose={() => setIssuing(false)}
          onIssued={(key) => {
            setIssuing(false);
            openPage(`/ukey2/${key.id}/edit`);
          }}
        />
      ) : null}
    </Ukey2View>
  );
}
