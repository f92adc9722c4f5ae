import type { TFunction } from 'i18next';
import type { SipTrunk } from '../../contract/entities/sip-trunk';
import { asColumns, type ColumnDef } from '../entities/columns';

type Row = SipTrunk & { [k: string]: unknown };

/** The SIP trunks table: name, outgoing number, termination URI, login, groups. */
export function sipTrunkColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('trunks:fields.name'), sortField: 'name', cell: (x) => x.name },
    {
      key: 'outgoing_number',
      header: t('trunks:fields.outgoing_number'),
      sortField: 'outgoing_number',
      cell: (x) => <span className="font-mono">{x.outgoing_number}</span>,
    },
    {
      key: 'termination_uri',
      header: t('trunks:fields.termination_uri'),
      sortField: 'termination_uri',
      cell: (x) => <code className="text-[13px]">{x.termination_uri}</code>,
    },
    { key: 'login', header: t('trunks:fields.login'), sortField: 'login', cell: (x) => x.login ?? '' },
    { key: 'domains', header: t('trunks:fields.domains'), cell: (x) => x.domains.map((d) => d.name).join(', ') },
  ]);
}
