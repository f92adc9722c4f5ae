import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { GenerateRequestSchema } from '../../src/contract/entities/group-structure';
import { generateGroupsFixtures, samplePreview } from '../../src/machines/generate-groups/generate-groups.fixtures';
import {
  emptyGenerateValues,
  type GenerateGroupsEvent,
  generateGroupsMachine,
  toGenerateRequest,
} from '../../src/machines/generate-groups/generate-groups.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = generateGroupsMachine.provide({
    actors: { previewTree: pendingActor(), saveTree: pendingActor() },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}
const events = [
  { type: 'generate.parent', parentId: 3 },
  { type: 'generate.parent', parentId: null },
  { type: 'generate.change', level: 'floors', part: 'count', value: '2' },
  { type: 'generate.change', level: 'floors', part: 'count', value: 'x' },
  { type: 'generate.numbering', numbering: 'sequential' },
  { type: 'generate.preview' },
  { type: 'generate.back' },
  { type: 'generate.save' },
  { type: 'xstate.done.actor.previewTree', output: samplePreview },
  { type: 'xstate.error.actor.previewTree', error: { code: 'wrong parameters' } },
  { type: 'xstate.done.actor.saveTree', output: { created: 5 } },
  { type: 'xstate.error.actor.saveTree', error: { code: 'same type and logical address exists' } },
] as unknown as GenerateGroupsEvent[];

describeModel('generateGroups', {
  machine: stubbed().machine,
  events,
  input: { parentId: 1 },
  serialize: (s) => JSON.stringify([s.value, 'request' in toGenerateRequest(s.context.values)]),
  fixtures: generateGroupsFixtures,
  invariants: {
    'a preview is shown once it arrived, and kept while saving': (s) => {
      if (s.matches('preview') || s.matches('saving') || s.matches('saved')) expect(s.context.preview).not.toBeNull();
    },
    'created is known exactly once saved': (s) => {
      expect(s.context.created !== null).toBe(s.matches('saved'));
    },
  },
  rules: {
    'a preview is asked only for what the contract takes': (step) => {
      for (const request of starts(step, 'previewTree'))
        expect(v.safeParse(GenerateRequestSchema, request).issues).toBeUndefined();
    },
    'nothing is created before the operator has seen the preview, and then exactly that': (step) => {
      const saves = starts(step, 'saveTree');
      if (saves.length === 0) return;
      expect(step.event.type).toBe('generate.save');
      expect(step.before?.matches('preview')).toBe(true);
      expect(saves).toEqual([step.before?.context.preview]);
    },
    'a refused check says "check fields data" and asks nothing': (step) => {
      if (step.event.type !== 'generate.preview' || !step.after.matches('editing')) return;
      expect(step.effects.started).toEqual([]);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'common:form.checkFields' }]);
    },
    'a refused save goes back to the preview and says why': (step) => {
      if (step.event.type !== 'xstate.error.actor.saveTree' || !step.before?.matches('saving')) return;
      expect(step.after.matches('preview')).toBe(true);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'same type and logical address exists' }]);
    },
  },
});

describe('generate groups behaviour', () => {
  it('builds the generate/tree request from the levels that have a count', () => {
    const values = emptyGenerateValues(7);
    values.counts = { buildings: '1', entrances: '0', floors: '3', units: '4' };
    values.names.buildings = 'Tower {n}';
    expect(toGenerateRequest(values)).toEqual({
      request: {
        parent_id: 7,
        buildings: { count: 1, start: 1, name: 'Tower {n}' },
        floors: { count: 3, start: 1, name: 'Floor {n}' },
        units: { count: 4, start: 1, name: 'Unit {n}', numbering: 'floor' },
      },
    });
  });

  it('refuses numbers out of range, a missing parent and nothing to create', () => {
    const values = emptyGenerateValues(null);
    values.counts = { buildings: '0', entrances: '0', floors: '500', units: '0' };
    expect(toGenerateRequest(values)).toEqual({
      errors: { parent: { code: 'required' }, 'floors.count': { code: 'range', params: { min: 0, max: 200 } } },
    });
    const { machine, alert } = stubbed();
    const actor = replay(machine, { parentId: null }, [{ type: 'generate.preview' }]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(alert).toHaveBeenCalledWith({ kind: 'error', code: 'common:form.checkFields' });
  });

  it('previews before saving; a refused save returns to the preview with the error', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, { parentId: 1 }, [
      { type: 'generate.preview' },
      { type: 'xstate.done.actor.previewTree', output: samplePreview } as never,
      { type: 'generate.save' },
      { type: 'xstate.error.actor.saveTree', error: { code: 'same type and logical address exists' } } as never,
    ]);
    expect(actor.getSnapshot().value).toBe('preview');
    expect(alert).toHaveBeenLastCalledWith({ kind: 'error', code: 'same type and logical address exists' });
    actor.send({ type: 'generate.save' });
    actor.send({ type: 'xstate.done.actor.saveTree', output: { created: 5 } } as never);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.created).toBe(5);
  });
});
