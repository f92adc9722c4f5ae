import { useActorRef } from '@xstate/react';
import { usePageMachines } from '../app/actor-context';
import { useMayCall } from '../entities/use-access';
import { usePickers } from '../entities/use-pickers';
import { AccessMatrixView } from './AccessMatrixView';

/** /access-matrix: the matrix's actor (first page of every user the caller sees); the groups picker for its filter. */
export function AccessMatrixPage() {
  const { accessMatrix } = usePageMachines();
  const pickers = usePickers();
  const matrixRef = useActorRef(accessMatrix, { input: {} });
  const canDownload = useMayCall('GET /access-matrix/download');
  return <AccessMatrixView matrixRef={matrixRef} groups={pickers.groups} canDownload={canDownload} />;
}
