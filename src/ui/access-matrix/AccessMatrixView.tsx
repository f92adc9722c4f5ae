import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AccessMatrixMachine } from '../../machines/access-matrix/access-matrix.machine';
import {
  selectIsDownloading,
  selectIsFiltered,
  selectIsLoadingMore,
  selectIsMatrixEmpty,
  selectIsMatrixLoading,
  selectMatrixDoors,
  selectMatrixFailed,
  selectMatrixFailure,
  selectMatrixGroup,
  selectMatrixRows,
  selectMatrixRules,
  selectMatrixSearch,
  selectMatrixTotal,
  selectMoreFailed,
} from '../../machines/access-matrix/access-matrix.selectors';
import { SearchField } from '../entities/SearchField';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { CellDialog } from './CellDialog';
import { GroupFilter } from './GroupFilter';
import { MatrixGrid, type OpenedCell } from './MatrixGrid';

/** Props of {@link AccessMatrixView}. */
export interface AccessMatrixViewProps {
  matrixRef: ActorRefFrom<AccessMatrixMachine>;
  groups: PickerSpec;
  canDownload: boolean;
}

/** /access-matrix: group filter, user search, download, then the grid (or its loading, empty or failed state). */
export function AccessMatrixView({ matrixRef, groups, canDownload }: AccessMatrixViewProps) {
  const { t } = useTranslation(['accessMatrix', 'common', 'errors']);
  const group = useSelector(matrixRef, selectMatrixGroup);
  const search = useSelector(matrixRef, selectMatrixSearch);
  const downloading = useSelector(matrixRef, selectIsDownloading);
  const loading = useSelector(matrixRef, selectIsMatrixLoading);
  const failed = useSelector(matrixRef, selectMatrixFailed);
  const failure = useSelector(matrixRef, selectMatrixFailure);
  const empty = useSelector(matrixRef, selectIsMatrixEmpty);
  const filtered = useSelector(matrixRef, selectIsFiltered);
  const rows = useSelector(matrixRef, selectMatrixRows);
  const doors = useSelector(matrixRef, selectMatrixDoors);
  const total = useSelector(matrixRef, selectMatrixTotal);
  return (
    <div className={`${pageWidth('full')} space-y-3`}>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          canDownload ? (
            <Button loading={downloading} onClick={() => matrixRef.send({ type: 'matrix.downloadRequested' })}>
              {t('download')}
            </Button>
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <SearchField
          label={t('search')}
          value={search}
          onChange={(text) => matrixRef.send({ type: 'matrix.searchChanged', text })}
          className="w-80"
        />
        <GroupFilter
          group={group}
          picker={groups}
          onChange={(next) => matrixRef.send({ type: 'matrix.groupChanged', group: next })}
        />
        {!loading && !failed && !empty ? (
          <span className="ml-auto text-[13px] text-muted">
            {t('counts', { shown: rows.length, total, doors: doors.length })}
          </span>
        ) : null}
      </div>
      {loading ? (
        <div className="py-10 text-center">
          <Spinner label={t('common:state.loading')} />
        </div>
      ) : null}
      {failed ? (
        <ErrorState
          title={t('failed')}
          message={failure ? translateError(t, failure) : undefined}
          failure={failure}
          onRetry={() => matrixRef.send({ type: 'matrix.retry' })}
        />
      ) : null}
      {empty ? (
        <EmptyState title={t('empty.title')} description={filtered ? t('empty.filtered') : t('empty.unfiltered')} />
      ) : null}
      {!loading && !failed && !empty ? <Grid matrixRef={matrixRef} /> : null}
    </div>
  );
}

function Grid({ matrixRef }: { matrixRef: ActorRefFrom<AccessMatrixMachine> }) {
  const { t } = useTranslation(['accessMatrix', 'errors']);
  const rows = useSelector(matrixRef, selectMatrixRows);
  const doors = useSelector(matrixRef, selectMatrixDoors);
  const rules = useSelector(matrixRef, selectMatrixRules);
  const total = useSelector(matrixRef, selectMatrixTotal);
  const loadingMore = useSelector(matrixRef, selectIsLoadingMore);
  const moreFailed = useSelector(matrixRef, selectMoreFailed);
  const failure = useSelector(matrixRef, selectMatrixFailure);
  const [opened, setOpened] = useState<OpenedCell | null>(null);
  const more = useCallback(() => matrixRef.send({ type: 'matrix.moreRequested' }), [matrixRef]);
  return (
    <>
      <MatrixGrid
        doors={doors}
        rows={rows}
        rules={rules}
        total={total}
        label={t('title')}
        onNearEnd={more}
        onOpen={setOpened}
      />
      <div className="flex min-h-8 flex-wrap items-center gap-3 text-[13px] text-muted">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded border border-success-600/40 bg-success-50" />
          {t('legend.always')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded border border-info-600/40 bg-info-50" />
          {t('legend.scheduled')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded border border-danger-600/40 bg-danger-50" />
          {t('legend.prohibited')}
        </span>
        {loadingMore ? <Spinner size="sm" label={t('loadingMore')} /> : null}
        {moreFailed ? (
          <span role="alert" className="ml-auto flex items-center gap-2 text-danger-600">
            {t('moreFailed')}
            {failure ? `: ${translateError(t, failure)}` : ''}
            <Button size="sm" onClick={() => matrixRef.send({ type: 'matrix.retry' })}>
              {t('retry')}
            </Button>
          </span>
        ) : null}
      </div>
      <CellDialog cell={opened} rules={rules} onClose={() => setOpened(null)} />
    </>
  );
}
