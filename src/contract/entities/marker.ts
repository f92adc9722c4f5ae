import * as v from 'valibot';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';

/** Markers (6.2): a named colour label that can be applied to users. */
export const MARKER_COLOR = /^#[0-9a-f]{6}$/i;

const name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(31));
const color = v.pipe(v.string(), v.regex(MARKER_COLOR, 'invalid'));

export const MarkerSchema = v.object({
  id: v.number(),
  name: v.string(),
  color: v.string(),
  description: v.nullable(v.string()),
  /** How many users carry it (within the project). */
  users_count: v.number(),
  created_by_user: v.nullable(v.object({ id: v.number(), name: v.string() })),
});
export type Marker = v.InferOutput<typeof MarkerSchema>;

export const MarkerCreateSchema = v.object({
  name,
  color,
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255))), null),
});
export const MarkerPatchSchema = v.partial(MarkerCreateSchema);

export const markersEntity = defineEntity({
  name: 'markers',
  path: '/markers',
  access: {
    view: ['markers.view', 'markers.view_all'],
    create: ['markers.create'],
    edit: ['markers.edit'],
    delete: ['markers.delete'],
  },
  item: MarkerSchema,
  create: MarkerCreateSchema,
  patch: MarkerPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    color: { kind: 'text', sortable: true, filterable: true },
    description: { kind: 'text', filterable: true },
    users_count: { kind: 'number', sortable: true },
    users: { kind: 'relation', filterable: true },
  },
  search: ['name', 'description'],
  with: [],
  defaultSort: ['name'],
  exportable: true,
});

/** POST /markers/apply: add or remove markers on users (markers.apply). */
export const MarkerApplySchema = v.object({
  markers: idList(1),
  users: idList(1),
  mode: v.optional(v.picklist(['add', 'remove']), 'add'),
});
export const MarkerApplyAnswerSchema = v.object({ data: v.object({ changed: v.number() }) });
export const MarkerListSchema = listAnswer(MarkerSchema);
