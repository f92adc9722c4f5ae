import { LICENCE_LIMITS } from '../../../src/contract/entities/licence';
import { ERROR_CODES } from '../../../src/contract/errors';
import { refused, unavailable } from '../errors';
import { readLicenceFile, type SignedLicence } from './licence-file';

/**
 * The licence server (ours, docs/decisions.md "Licences"): `POST {LICENCE_SERVER_URL}/features/state`
 * with `{ instance_id, key }` answers the licences issued for that key and this installation:
 * 200 `{ licences: [signed licence, …] }`; 404 when it has none for the project (`no licences
 * for project`); 409 when the key is registered to this installation already for another project
 * (`same instance already registered`). No answer in time, a refused connection or anything
 * else: `licence server not responding`. What it sends is checked like a file.
 */
export async function fetchServerLicences(
  serverUrl: string | null,
  request: { instanceId: string; key: string },
  timeoutMs: number = LICENCE_LIMITS.serverTimeoutMs,
): Promise<SignedLicence[]> {
  if (serverUrl === null) throw unavailable(ERROR_CODES.licenceServerNotResponding);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${serverUrl}/features/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ instance_id: request.instanceId, key: request.key }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw unavailable(ERROR_CODES.licenceServerNotResponding);
  }
  if (response.status === 404) throw refused(ERROR_CODES.noLicencesForProject);
  if (response.status === 409) throw refused(ERROR_CODES.sameInstanceRegistered);
  if (response.status !== 200 || text.length > LICENCE_LIMITS.fileMaxBytes * LICENCE_LIMITS.licencesPerFile) {
    throw unavailable(ERROR_CODES.licenceServerNotResponding);
  }
  return readLicenceFile(text);
}
