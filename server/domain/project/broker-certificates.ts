import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { BrokerCertificates } from '../../../src/contract/entities/project-settings';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { DeviceLink } from '../../mqtt/link';
import { invalidData } from '../errors';
import { certificateInfo } from './settings';
import { readInstallationSection, writeInstallationSection } from './settings-store';

/**
 * The device broker's TLS certificate and key (7.8 `broker`). The broker serves
 * every project of the installation, so they are the installation's, not a
 * project's (docs/decisions.md): uploaded by a holder of project.change_settings,
 * taken by the embedded broker at its next start or `/broker/restart`, and they
 * win over MQTT_TLS_*; removing them returns to the environment's.
 */
const SECTION = 'broker_tls';
const StoredSchema = v.object({ cert: v.string(), key: v.string() });

/** The stored pair, or null. */
export async function brokerTls(db: Kysely<Database>): Promise<{ cert: string; key: string } | null> {
  const stored = v.safeParse(StoredSchema, await readInstallationSection(db, SECTION));
  return stored.success ? stored.output : null;
}

/** GET /project/broker: where the certificate comes from and what it says; whether the broker runs with it. */
export async function readBrokerCertificates(
  db: Kysely<Database>,
  config: Pick<Config, 'mqtt'>,
  link: Pick<DeviceLink, 'certificate'>,
): Promise<BrokerCertificates> {
  const stored = await brokerTls(db);
  const env = config.mqtt.tlsCert ? readFileSync(config.mqtt.tlsCert, 'utf8') : null;
  const pem = stored?.cert ?? env;
  const running = link.certificate?.() ?? null;
  const info = pem ? certificateInfo(pem) : null;
  return {
    source: stored ? 'stored' : env ? 'environment' : 'none',
    certificate: info,
    is_active:
      running === null
        ? pem === null
        : info !== null && certificateInfo(running)?.fingerprint256 === info.fingerprint256,
    is_embedded: config.mqtt.url === null,
  };
}

/**
 * POST /project/broker: a PEM certificate and its private key; both must parse and
 * belong together (field errors `cert` / `key` `invalid`), or nothing is stored.
 */
export async function storeBrokerCertificates(db: Kysely<Database>, body: { cert: string; key: string }) {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(body.cert);
  } catch {
    throw invalidData({ cert: { code: 'invalid' } });
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(body.key))) throw new Error('another key');
  } catch {
    throw invalidData({ key: { code: 'invalid' } });
  }
  await writeInstallationSection(db, SECTION, { cert: body.cert, key: body.key });
}

/** DELETE /project/broker: back to MQTT_TLS_* (or plain MQTT) from the next restart. */
export async function removeBrokerCertificates(db: Kysely<Database>) {
  await writeInstallationSection(db, SECTION, null);
}
