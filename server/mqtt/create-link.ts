import type { BrokerOptions } from './broker';
import { createEmbeddedLink } from './embedded-link';
import { createExternalLink, type ExternalLinkOptions } from './external-link';
import type { DeviceLink } from './link';

/** What main gives: MQTT_URL set → external broker; else the embedded one. */
export type DeviceLinkOptions =
  | { url: string; external?: Omit<ExternalLinkOptions, 'url'> }
  | { url?: null; embedded: BrokerOptions };

/** One code path for both brokers: the rest of the server only sees a DeviceLink. */
export function createDeviceLink(options: DeviceLinkOptions): Promise<DeviceLink> {
  if (options.url) return createExternalLink({ url: options.url, ...('external' in options ? options.external : {}) });
  if (!('embedded' in options)) throw new Error('the embedded broker needs its options');
  return createEmbeddedLink(options.embedded);
}
