import { assign, fromPromise, setup } from 'xstate';
import type { GeneratedTree, GenerateRequestInput } from '../../contract/entities/group-structure';
import type { FieldError } from '../../contract/errors';
import type { CallFailure } from '../session/session.types';

/**
 * The generate-groups dialog (2.5, 900 px): describe the levels (buildings,
 * entrances, floors, units) below a parent, preview the tree the server would
 * create (POST generate/tree), then save it in one go (POST generate/save).
 * Nothing is created before the operator has seen the preview.
 */
export const LEVELS = ['buildings', 'entrances', 'floors', 'units'] as const;
export type Level = (typeof LEVELS)[number];

export interface GenerateValues {
  parentId: number | null;
  /** Per level: how many, the first number, the name pattern ({n}, {building}, {entrance}, {floor}). */
  counts: Record<Level, string>;
  starts: Record<Level, string>;
  names: Record<Level, string>;
  numbering: 'floor' | 'sequential';
}

export interface GenerateGroupsContext {
  values: GenerateValues;
  errors: Record<string, FieldError>;
  preview: GeneratedTree | null;
  created: number | null;
  failure: CallFailure | null;
}

export type GenerateGroupsEvent =
  | { type: 'generate.parent'; parentId: number | null }
  | { type: 'generate.change'; level: Level; part: 'count' | 'start' | 'name'; value: string }
  | { type: 'generate.numbering'; numbering: 'floor' | 'sequential' }
  | { type: 'generate.preview' }
  | { type: 'generate.back' }
  | { type: 'generate.save' };

export const DEFAULT_NAMES: Record<Level, string> = {
  buildings: 'Building {n}',
  entrances: 'Entrance {n}',
  floors: 'Floor {n}',
  units: 'Unit {n}',
};

export function emptyGenerateValues(parentId: number | null): GenerateValues {
  return {
    parentId,
    counts: { buildings: '1', entrances: '0', floors: '0', units: '0' },
    starts: { buildings: '1', entrances: '1', floors: '1', units: '1' },
    names: { ...DEFAULT_NAMES },
    numbering: 'floor',
  };
}

/** The request of generate/tree, or the field errors that stop it (section 5: numbers in range, a parent, something to create). */
export function toGenerateRequest(
  values: GenerateValues,
): { request: GenerateRequestInput } | { errors: Record<string, FieldError> } {
  const errors: Record<string, FieldError> = {};
  if (values.parentId === null) errors.parent = { code: 'required' };
  const number = (key: string, raw: string, max: number) => {
    const n = Number(raw.trim() === '' ? Number.NaN : raw);
    if (!Number.isInteger(n) || n < 0 || n > max) {
      errors[key] = { code: 'range', params: { min: 0, max } };
      return 0;
    }
    return n;
  };
  const limits: Record<Level, number> = { buildings: 100, entrances: 50, floors: 200, units: 100 };
  const request: Record<string, unknown> = { parent_id: values.parentId ?? 0 };
  let any = false;
  for (const level of LEVELS) {
    const count = number(`${level}.count`, values.counts[level], limits[level]);
    const start = number(`${level}.start`, values.starts[level], 999_999);
    const name = values.names[level].trim() || DEFAULT_NAMES[level];
    if (count > 0) {
      any = true;
      request[level] = level === 'units' ? { count, start, name, numbering: values.numbering } : { count, start, name };
    }
  }
  // Nothing to create: say so on the first level, unless a count is already marked wrong.
  if (!any && !Object.keys(errors).some((key) => key.endsWith('.count')))
    errors['buildings.count'] = { code: 'required' };
  return Object.keys(errors).length > 0 ? { errors } : { request: request as GenerateRequestInput };
}

export const generateGroupsMachine = setup({
  types: {
    context: {} as GenerateGroupsContext,
    events: {} as GenerateGroupsEvent,
    input: {} as { parentId: number | null },
    tags: {} as 'preview',
  },
  actors: {
    previewTree: fromPromise<GeneratedTree, GenerateRequestInput>(() => new Promise(() => {})),
    saveTree: fromPromise<{ created: number }, GeneratedTree>(() => new Promise(() => {})),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string }) => {},
    setParent: assign(({ context }, params: { parentId: number | null }) => {
      const { parent: _, ...errors } = context.errors;
      return { values: { ...context.values, parentId: params.parentId }, errors };
    }),
    changeLevel: assign(({ context }, params: { level: Level; part: 'count' | 'start' | 'name'; value: string }) => {
      const key = `${params.part}s` as 'counts' | 'starts' | 'names';
      return { values: { ...context.values, [key]: { ...context.values[key], [params.level]: params.value } } };
    }),
    setNumbering: assign(({ context }, params: { numbering: 'floor' | 'sequential' }) => ({
      values: { ...context.values, numbering: params.numbering },
    })),
    clearChecks: assign({ errors: {}, failure: null }),
    showCheckErrors: assign(({ context }) => {
      const checked = toGenerateRequest(context.values);
      return { errors: 'errors' in checked ? checked.errors : {} };
    }),
    takePreview: assign((_, params: { preview: GeneratedTree }) => ({ preview: params.preview })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    setCreated: assign((_, params: { created: number }) => ({ created: params.created })),
  },
  guards: {
    isValid: ({ context }) => 'request' in toGenerateRequest(context.values),
  },
}).createMachine({
  id: 'generateGroups',
  context: ({ input }) => ({
    values: emptyGenerateValues(input.parentId),
    errors: {},
    preview: null,
    created: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'generate.parent': { actions: { type: 'setParent', params: ({ event }) => ({ parentId: event.parentId }) } },
        'generate.change': {
          actions: {
            type: 'changeLevel',
            params: ({ event }) => ({ level: event.level, part: event.part, value: event.value }),
          },
        },
        'generate.numbering': {
          actions: { type: 'setNumbering', params: ({ event }) => ({ numbering: event.numbering }) },
        },
        'generate.preview': [
          { guard: 'isValid', target: 'previewing', actions: 'clearChecks' },
          {
            actions: ['showCheckErrors', { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } }],
          },
        ],
      },
    },
    previewing: {
      invoke: {
        id: 'previewTree',
        src: 'previewTree',
        input: ({ context }) => {
          const checked = toGenerateRequest(context.values);
          return 'request' in checked ? checked.request : ({} as GenerateRequestInput);
        },
        onDone: {
          target: 'preview',
          actions: { type: 'takePreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    preview: {
      tags: 'preview',
      on: {
        'generate.back': 'editing',
        'generate.save': 'saving',
      },
    },
    saving: {
      tags: 'preview',
      invoke: {
        id: 'saveTree',
        src: 'saveTree',
        input: ({ context }) => context.preview!,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setCreated', params: ({ event }) => ({ created: event.output.created }) },
            { type: 'alert', params: { kind: 'success', code: 'groups:generate.saved' } },
          ],
        },
        onError: {
          target: 'preview',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
});
export type GenerateGroupsMachine = typeof generateGroupsMachine;
