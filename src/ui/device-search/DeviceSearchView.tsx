import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DeviceSearchMachine } from '../../machines/device-search/device-search.machine';
import {
  selectAdded,
  selectAddresses,
  selectCanAdd,
  selectChosen,
  selectFound,
  selectGroup,
  selectIsAdded,
  selectIsAdding,
  selectIsSearching,
  selectIsStarting,
  selectRange,
  selectRangeErrors,
  selectShowsResults,
} from '../../machines/device-search/device-search.selectors';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectLoadedData } from '../../machines/loader/loader.selectors';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { Select } from '../kit/Select';
import { TextField } from '../kit/TextField';

/** Props of {@link DeviceSearchView}. */
export interface DeviceSearchViewProps {
  searchRef: ActorRefFrom<DeviceSearchMachine>;
  groupsRef: ActorRefFrom<LoaderMachine>;
}

/** /devices/search: the IP range, the devices arriving, the choice and the group to add them to. */
export function DeviceSearchView({ searchRef, groupsRef }: DeviceSearchViewProps) {
  const { t } = useTranslation('deviceSearch');
  const range = useSelector(searchRef, selectRange);
  const errors = useSelector(searchRef, selectRangeErrors);
  const searching = useSelector(searchRef, selectIsSearching);
  const starting = useSelector(searchRef, selectIsStarting);
  const showsResults = useSelector(searchRef, selectShowsResults);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    searchRef.send({ type: 'search.submitted' });
  };
  return (
    <div className={pageWidth('full')}>
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <form onSubmit={submit} aria-label={t('range.title')} className="flex flex-wrap items-end gap-3" noValidate>
          <TextField
            label={t('range.start')}
            value={range.start_ip}
            error={errors.start_ip ?? null}
            disabled={searching}
            inputMode="decimal"
            placeholder="127.0.2.1"
            onChange={(e) => searchRef.send({ type: 'range.changed', field: 'start_ip', value: e.target.value })}
            className="w-48"
          />
          <TextField
            label={t('range.end')}
            value={range.end_ip}
            error={errors.end_ip ?? null}
            disabled={searching}
            inputMode="decimal"
            placeholder="127.0.2.254"
            onChange={(e) => searchRef.send({ type: 'range.changed', field: 'end_ip', value: e.target.value })}
            className="w-48"
          />
          {searching ? (
            <Button onClick={() => searchRef.send({ type: 'search.cancelled' })}>{t('range.cancel')}</Button>
          ) : (
            <Button type="submit" variant="primary" loading={starting}>
              {t('range.search')}
            </Button>
          )}
        </form>
      </Card>
      {showsResults ? <Results searchRef={searchRef} groupsRef={groupsRef} /> : null}
    </div>
  );
}

function Results({ searchRef, groupsRef }: DeviceSearchViewProps) {
  const { t } = useTranslation('deviceSearch');
  const found = useSelector(searchRef, selectFound);
  const chosen = useSelector(searchRef, selectChosen);
  const searching = useSelector(searchRef, selectIsSearching);
  const starting = useSelector(searchRef, selectIsStarting);
  const addresses = useSelector(searchRef, selectAddresses);
  const adding = useSelector(searchRef, selectIsAdding);
  const added = useSelector(searchRef, selectIsAdded);
  const addedIds = useSelector(searchRef, selectAdded);
  const canAdd = useSelector(searchRef, selectCanAdd);
  const group = useSelector(searchRef, selectGroup);
  const groups = useSelector(groupsRef, selectLoadedData<{ id: number; name: string }[]>) ?? [];
  const status = starting
    ? t('status.starting')
    : searching
      ? t('status.scanning', { addresses })
      : t('status.done', { count: found.length });
  const groupFieldId = useId();
  return (
    <Card className="mt-4">
      <p role="status" className="mb-3 text-sm text-muted">
        {status}
      </p>
      {found.length === 0 ? (
        <p className="text-sm text-muted">{t('status.none')}</p>
      ) : (
        <table aria-label={t('table.label')} className="w-full text-left text-sm">
          <thead className="text-[13px] text-muted">
            <tr>
              <th className="w-8 py-1" />
              <th className="py-1">{t('table.serial')}</th>
              <th className="py-1">{t('table.type')}</th>
              <th className="py-1">{t('table.model')}</th>
              <th className="py-1">{t('table.ip')}</th>
              <th className="py-1">{t('table.mac')}</th>
              <th className="py-1">{t('table.state')}</th>
            </tr>
          </thead>
          <tbody>
            {found.map((d) => (
              <tr key={d.serial_number} className="border-t border-line">
                <td className="py-1.5">
                  <input
                    type="checkbox"
                    aria-label={t('table.choose', { serial: d.serial_number })}
                    checked={chosen.includes(d.serial_number)}
                    disabled={d.state !== 'new' || adding || added}
                    onChange={() => searchRef.send({ type: 'device.toggled', serial: d.serial_number })}
                  />
                </td>
                <td className="py-1.5 font-medium">{d.serial_number}</td>
                <td className="py-1.5">{d.type}</td>
                <td className="py-1.5">{d.model}</td>
                <td className="py-1.5">{d.ip}</td>
                <td className="py-1.5">{d.mac}</td>
                <td className="py-1.5">{t(`state.${d.state}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {added ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-ink">
            {t('add.done', { count: addedIds.length })}
          </p>
          <Button onClick={() => searchRef.send({ type: 'search.again' })}>{t('add.again')}</Button>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Select
            id={groupFieldId}
            label={t('add.group')}
            className="w-64"
            value={group === null ? '' : String(group)}
            disabled={adding}
            options={[
              { value: '', label: t('add.chooseGroup') },
              ...groups.map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            onChange={(value) =>
              searchRef.send({ type: 'group.chosen', domainId: value === '' ? null : Number(value) })
            }
          />
          <Button
            variant="primary"
            loading={adding}
            disabled={!canAdd && !adding}
            onClick={() => searchRef.send({ type: 'add.submitted' })}
          >
            {t('add.submit', { count: chosen.length })}
          </Button>
          {searching ? null : (
            <Button onClick={() => searchRef.send({ type: 'search.again' })} disabled={adding}>
              {t('add.again')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
