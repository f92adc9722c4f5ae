import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type GuestKey, GuestKeySchema } from '../../contract/entities/guest-key';
import { QR_IDENTIFIER_TYPES } from '../../contract/entities/identifier';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { rowAs } from '../entities/rows';
import { Button } from '../kit/Button';
import { guestKeyColumns } from './guest-key-columns';

/** What a key row offers: its link (the guest access URL dialog), the readers' QR, the Wallet pass, revoke. */
export type GuestKeyAction = 'link' | 'qr' | 'wallet' | 'revoke';

/** Props of {@link GuestKeysView}. */
export interface GuestKeysViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; revoke: boolean; wallet: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  onAction: (action: GuestKeyAction, key: GuestKey) => void;
  children?: React.ReactNode;
}

/** /guest-access: the keys the caller granted, their live state, and what each offers. */
export function GuestKeysView(props: GuestKeysViewProps) {
  const { t, i18n } = useTranslation(['guestAccess', 'lists']);
  const { can } = props;
  const label = (x: GuestKey) => x.name ?? x.value;
  const action = (kind: GuestKeyAction, x: GuestKey) => (
    <Button
      key={kind}
      size="sm"
      variant="ghost"
      aria-label={t(`guestAccess:actions.${kind}Named`, { name: label(x) })}
      onClick={() => props.onAction(kind, x)}
    >
      {t(`guestAccess:actions.${kind}`)}
    </Button>
  );
  return (
    <EntityListView
      listRef={props.listRef}
      title={t('guestAccess:title')}
      description={t('guestAccess:subtitle')}
      columns={guestKeyColumns(t, i18n.language)}
      filters={props.filters}
      searchLabel={t('guestAccess:search')}
      rowLabel={(row) => String(row.name ?? row.value)}
      entityLabel={(count) => t('guestAccess:count', { count })}
      emptyText={{ title: t('guestAccess:empty') }}
      onOpen={props.onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={props.onAdd}>
            {t('guestAccess:add')}
          </Button>
        ) : null
      }
      rowActions={(row) => {
        const x = rowAs(GuestKeySchema, row);
        if (!x || x.status === 'revoked') return null;
        const scannable = QR_IDENTIFIER_TYPES.includes(x.type);
        return (
          <span className="flex justify-end gap-1">
            {action('link', x)}
            {scannable ? action('qr', x) : null}
            {scannable && can.wallet ? action('wallet', x) : null}
            {can.revoke ? action('revoke', x) : null}
          </span>
        );
      }}
    >
      {props.children}
    </EntityListView>
  );
}
