import * as v from 'valibot';
import { fromPromise } from 'xstate';
import {
  type Integration,
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
  integrationsEntity,
} from '../../contract/entities/integration';
import { type ListQueryInput, listQueryToSearch } from '../../contract/filters';
import type { ListPageAnswer } from '../../machines/entity-list/entity-list.machine';
import { pickerMachine } from '../../machines/picker/picker.machine';
import type { Http } from '../http';
import { defineArea } from './area';

/**
 * What the integration form sends beside the integration's fields: the certificate file's text
 * chosen on this computer (uploaded once the integration is saved), or its removal.
 */
export interface IntegrationCertificateChoice {
  certificate?: string | null;
  certificate_name?: string | null;
  certificate_remove?: boolean;
}

/** Uploads or removes the certificate the form changed, after the integration is saved; answers the item then. */
async function applyCertificate(http: Http, id: number, choice: IntegrationCertificateChoice) {
  const params = { params: { id } };
  if (choice.certificate) {
    const blob = new Blob([choice.certificate], { type: 'application/x-pem-file' });
    const multipart = {
      fields: {},
      files: { certificate: { blob, name: choice.certificate_name ?? 'certificate.pem' } },
    };
    return (await http.call('POST /integrations/{id}/certificate', { ...params, multipart })).data;
  }
  if (choice.certificate_remove) return (await http.call('DELETE /integrations/{id}/certificate', params)).data;
  return null;
}

/** A picker over a list the platform of one integration answers (its macros or its cameras). */
function platformPicker(
  http: Http,
  key: 'GET /integrations/{id}/macros' | 'GET /integrations/{id}/cameras',
  id: number,
) {
  return pickerMachine.provide({
    actors: {
      fetchOptions: fromPromise<ListPageAnswer, ListQueryInput>(
        async ({ input }) =>
          (await http.call(key, { params: { id }, searchParams: listQueryToSearch(input) })) as ListPageAnswer,
      ),
    },
  });
}

/**
 * Integrations with a video platform (7.8): the entity (its list feeds the integrations picker;
 * saved by POST, 7.1, with the certificate file after), and the pickers of one integration's
 * macros and cameras (2.5), read from the platform through the server.
 */
export const integrationsArea = defineArea('integrations', ({ http, showAlert, kit }) => ({
  entities: {
    integrations: kit(integrationsEntity, {
      saveItem: async (_client, { id, body }) => {
        const { certificate, certificate_name, certificate_remove, ...rest } = body as Record<string, unknown> &
          IntegrationCertificateChoice;
        const choice = { certificate, certificate_name, certificate_remove };
        if (id === null) {
          const created = (await http.call('POST /integrations', { body: v.parse(IntegrationCreateSchema, rest) }))
            .data;
          await applyCertificate(http, created, choice);
          return { id: created, item: null };
        }
        const saved: Integration = (
          await http.call('POST /integrations/{id}', { params: { id }, body: v.parse(IntegrationUpdateSchema, rest) })
        ).data;
        return { id, item: (await applyCertificate(http, id, choice)) ?? saved };
      },
    }),
  },
  machines: {
    /** The macros of one integration's platform (2.5 picker, needs the integration's id). */
    integrationMacros: (id: number) =>
      platformPicker(http, 'GET /integrations/{id}/macros', id).provide({
        actions: { alert: (_, params) => showAlert(params) },
      }),
    /** The cameras of one integration's platform (2.5 picker). */
    integrationCameras: (id: number) =>
      platformPicker(http, 'GET /integrations/{id}/cameras', id).provide({
        actions: { alert: (_, params) => showAlert(params) },
      }),
  },
}));
