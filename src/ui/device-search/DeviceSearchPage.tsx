import { useActorRef } from '@xstate/react';
import { DEVICE_SEARCH_TAB } from '../../services/areas/device-search';
import { usePageMachines } from '../app/actor-context';
import { DeviceSearchView } from './DeviceSearchView';

/** /devices/search (2.1, 2.5 device search by IP range, 7.4). */
export function DeviceSearchPage() {
  const { deviceSearch, deviceSearchGroups } = usePageMachines();
  const searchRef = useActorRef(deviceSearch, { input: { tab: DEVICE_SEARCH_TAB } });
  const groupsRef = useActorRef(deviceSearchGroups);
  return <DeviceSearchView searchRef={searchRef} groupsRef={groupsRef} />;
}
