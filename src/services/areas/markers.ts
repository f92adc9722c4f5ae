import * as v from 'valibot';
import { MarkerApplySchema, markersEntity } from '../../contract/entities/marker';
import { commandMachine } from '../entity-machines';
import { defineArea } from './area';

/** Markers (6.2): the entity, and applying markers to users. */
export const markersArea = defineArea('markers', ({ http, showAlert, kit }) => ({
  entities: { markers: kit(markersEntity) },
  machines: {
    /** POST /markers/apply: add (or remove) markers on users. */
    markerApply: commandMachine(showAlert, async ({ body }) => {
      // The form has validated the body with this schema; parsing again gives it its type.
      await http.call('POST /markers/apply', { body: v.parse(MarkerApplySchema, body) });
      return undefined;
    }),
  },
}));
