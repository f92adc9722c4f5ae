import type { DeviceLink } from '../../mqtt/link';
import type { DeviceStatusSource } from './status';

/**
 * Live status from the device link: online while the device's status topic says so (its last
 * will or the broker turns it offline). A device never seen since the server started is offline
 * too: section 3's "online when reachable", and the list filter counts it so.
 */
export function linkStatusSource(link: Pick<DeviceLink, 'isOnline' | 'onlineSerials'>): DeviceStatusSource {
  return {
    statusOf: (serial) => (link.isOnline(serial) ? 'online' : 'offline'),
    onlineSerials: () => link.onlineSerials(),
  };
}
