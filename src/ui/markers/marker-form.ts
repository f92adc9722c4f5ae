import { type Marker, MarkerCreateSchema, MarkerPatchSchema } from '../../contract/entities/marker';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';

/** Colours offered as swatches (any #rrggbb is accepted). */
export const MARKER_PALETTE = [
  '#d64545',
  '#e8833a',
  '#e3b23c',
  '#3a9d5d',
  '#2f8f9d',
  '#3b6fb6',
  '#7a5cc2',
  '#c2558f',
  '#6b7785',
] as const;

export interface MarkerValues extends Record<string, unknown> {
  name: string;
  color: string;
  description: string;
}

/** The marker form (name, colour, description) over the markers contract. */
export const markerForm: EntityFormDefinition<MarkerValues, Marker> = {
  empty: () => ({ name: '', color: MARKER_PALETTE[5], description: '' }),
  fromItem: (marker) => ({ name: marker.name, color: marker.color, description: marker.description ?? '' }),
  kinds: { name: 'requiredText', color: 'requiredText', description: 'text' },
  schemas: { create: MarkerCreateSchema, patch: MarkerPatchSchema },
};
