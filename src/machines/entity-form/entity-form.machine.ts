import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { FieldError } from '../../contract/errors';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';
import {
  type AnyFormDefinition,
  bodyOf,
  type FormMode,
  type FormValues,
  placeErrors,
  validateForm,
} from './entity-form.definition';

export interface EntityFormContext {
  /** The entity's id; null while it is new (PUT), set once created. */
  id: number | null;
  definition: AnyFormDefinition;
  /** The item as loaded (or as the PATCH answered), for read-only parts of the page. */
  item: unknown;
  values: FormValues;
  /** What the form opened with (or last saved): dirty means values differ from it. */
  initial: FormValues;
  errors: Record<string, FieldError>;
  failure: CallFailure | null;
  /** The form is shown for reading only (2.5). */
  readOnly: boolean;
  /** The caller holds the edit (or create) permission (6.1). */
  mayEdit: boolean;
}

export interface EntityFormInput {
  /** null opens a new entity. */
  id: number | null;
  definition: AnyFormDefinition;
  readOnly?: boolean;
  mayEdit?: boolean;
  /** Values to start a new entity with, over the definition's defaults. */
  preset?: FormValues;
  /** Start from this item instead of loading it (command dialogs about a row already shown). */
  item?: unknown;
}

/** What saving sends: the id (null → PUT) and the normalised body. */
export interface SaveRequest {
  id: number | null;
  body: Record<string, unknown>;
}

/**
 * What filling asks (values suggested by the server, e.g. a free virtual number
 * and a password): the entity's id, the values as typed, and the fields wanted.
 */
export interface FillRequest {
  id: number | null;
  values: FormValues;
  fields: string[];
}

/** What saving answers: the (new) id, and the item when the call returned it (PATCH). */
export interface SaveResult {
  id: number;
  item: unknown | null;
}

/** What the page hears after a save: the id, whether it was new, and the item when the call answered one. */
export interface SavedReport {
  id: number;
  created: boolean;
  item: unknown | null;
}

export type EntityFormEvent =
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'form.retry' }
  /** The entity changed elsewhere (its avatar was uploaded): take the new item, keep what is typed. */
  | { type: 'form.itemChanged'; item: unknown }
  /** Ask the server to suggest values for these fields (generate a number and a password). */
  | { type: 'form.fill'; fields: string[] };

type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };

const failureOf = (error: unknown) => error as CallFailure;
const modeOf = (context: Pick<EntityFormContext, 'id'>): FormMode => (context.id === null ? 'create' : 'patch');
/** The fields whose value differs from what the form opened with: what the person typed. */
const typedSince = (values: FormValues, initial: FormValues): FormValues =>
  Object.fromEntries(Object.entries(values).filter(([field, value]) => !Object.is(value, initial[field])));
/** Errors without the field's own, nor those of its parts (`floor_map.2.floor` of a list input `floor_map`). */
const withoutError = (errors: Record<string, FieldError>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`)));

/**
 * Any entity's add/edit form (ARCHITECTURE: the generic `entityForm`): load by
 * id or start new, edit, validate with the contract's schema ('check fields
 * data' on failure, 2.5), normalise the payload (7.9), PUT a new entity (then
 * know its id) or PATCH an existing one, and put the server's per-field errors
 * on their inputs. Submitting needs the edit permission and a writable form.
 */
/** Tags of the form's states: still loading, loaded (Approve may show), busy (a request locks the inputs). */
export type EntityFormTag = 'loading' | 'loaded' | 'busy';

export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
    tags: {} as EntityFormTag,
  },
  actors: {
    loadItem: fromPromise<unknown, number>(() => new Promise(() => {})),
    saveItem: fromPromise<SaveResult, SaveRequest>(() => new Promise(() => {})),
    /** Suggested values; only the requested fields are taken. Resources without one never offer it. */
    fillValues: fromPromise<FormValues, FillRequest>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    /** Tells the page the entity was saved (a dialog closes, a page goes back); given by the page. */
    reportSaved: (_, _params: SavedReport) => {},
    /**
     * The item arrived: its values are what the form opens with; some items are shown read-only.
     * A field typed before the answer keeps what was typed (a slow load must not wipe it).
     */
    applyLoaded: assign(({ context }, params: { item: unknown }) => {
      const initial = context.definition.fromItem(params.item);
      const values = { ...initial, ...typedSince(context.values, context.initial) };
      const readOnly = context.readOnly || (context.definition.readOnlyItem?.(params.item) ?? false);
      return { item: params.item, values, initial, failure: null, readOnly };
    }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** A typed value; its error goes until the next check. */
    changeField: assign(({ context }, params: { field: string; value: unknown }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: withoutError(context.errors, params.field),
    })),
    resetValues: assign(({ context }) => ({ values: context.initial, errors: {}, failure: null })),
    takeItem: assign((_, params: { item: unknown }) => ({ item: params.item })),
    /** Suggested values: only fields the form has, each losing its error. */
    takeSuggested: assign(({ context }, params: { values: FormValues }) => {
      const values = { ...context.values };
      let errors = context.errors;
      for (const [field, value] of Object.entries(params.values)) {
        if (!(field in context.values)) continue;
        values[field] = value;
        errors = withoutError(errors, field);
      }
      return { values, errors, failure: null };
    }),
    showCheckErrors: assign(({ context }) => ({
      errors: validateForm(context.definition, context.values, context.initial, modeOf(context)),
    })),
    /** Saved: the (new) id, and the item when the call answered one; what is saved is the new start. */
    applySaved: assign(({ context }, params: { result: SaveResult }) => {
      const item = params.result.item ?? context.item;
      const values = params.result.item ? context.definition.fromItem(params.result.item) : context.values;
      return { id: params.result.id, item, values, initial: values, errors: {}, failure: null };
    }),
    /** The server refused: its per-field errors go on the inputs that show them. */
    showServerErrors: assign(({ context }, params: { failure: CallFailure }) => ({
      failure: params.failure,
      errors: placeErrors(context.definition, params.failure.fields ?? {}),
    })),
    /** Editing again after a save starts from the saved values. */
    editAgain: assign(({ context }, params: { field: string; value: unknown }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
  },
  guards: {
    /** Nothing to load: a new entity, or an item given with the input. */
    isNew: ({ context }) => context.id === null || context.item !== null,
    canSubmit: ({ context }) => context.mayEdit && !context.readOnly,
    isValid: ({ context }) =>
      Object.keys(validateForm(context.definition, context.values, context.initial, modeOf(context))).length === 0,
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => {
    const values =
      input.item !== undefined
        ? input.definition.fromItem(input.item)
        : input.id === null
          ? { ...input.definition.empty(), ...input.preset }
          : {};
    return {
      id: input.id,
      definition: input.definition,
      item: input.item ?? null,
      values,
      initial: values,
      errors: {},
      failure: null,
      readOnly: input.readOnly ?? false,
      mayEdit: input.mayEdit ?? true,
    };
  },
  initial: 'opening',
  states: {
    opening: { tags: 'loading', always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      tags: 'loading',
      // Typing may start before the item arrives (a form shown over a slow load): keep it.
      on: {
        'field.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => context.id as number,
        onDone: {
          target: 'editing',
          actions: { type: 'applyLoaded', params: ({ event }) => ({ item: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    failed: { on: { 'form.retry': 'loading' } },
    editing: {
      tags: 'loaded',
      on: {
        'field.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [{ guard: 'canSubmit', target: 'validating' }],
        'form.reset': { actions: 'resetValues' },
        'form.itemChanged': { actions: { type: 'takeItem', params: ({ event }) => ({ item: event.item }) } },
        'form.fill': { guard: 'canSubmit', target: 'filling' },
      },
    },
    /** Waiting for suggested values; what was typed stays until they arrive. */
    filling: {
      tags: ['loaded', 'busy'],
      invoke: {
        id: 'fillValues',
        src: 'fillValues',
        input: ({ context, event }) => ({
          id: context.id,
          values: context.values,
          fields: event.type === 'form.fill' ? event.fields : [],
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'takeSuggested', params: ({ event }) => ({ values: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving' },
        {
          target: 'editing',
          actions: ['showCheckErrors', { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } }],
        },
      ],
    },
    saving: {
      tags: ['loaded', 'busy'],
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          id: context.id,
          body: bodyOf(context.definition, context.values, context.initial, modeOf(context)),
        }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'alert',
              params: ({ context }) => ({
                kind: 'success',
                code:
                  context.definition.successCode?.[modeOf(context)] ??
                  (context.id === null ? 'lists:form.created' : 'lists:form.saved'),
              }),
            },
            {
              type: 'reportSaved',
              params: ({ context, event }) => ({
                id: event.output.id,
                created: context.id === null,
                item: event.output.item,
              }),
            },
            { type: 'applySaved', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showServerErrors', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
    /** Saved; the page decides where to go. Editing again starts over from the saved values. */
    saved: {
      tags: 'loaded',
      on: {
        'form.itemChanged': { actions: { type: 'takeItem', params: ({ event }) => ({ item: event.item }) } },
        'field.change': {
          target: 'editing',
          actions: { type: 'editAgain', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
  },
});

export type EntityFormMachine = typeof entityFormMachine;
