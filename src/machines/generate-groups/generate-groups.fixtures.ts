import type { GeneratedTree } from '../../contract/entities/group-structure';
import { emptyGenerateValues, type GenerateGroupsContext, generateGroupsMachine } from './generate-groups.machine';

export const samplePreview: GeneratedTree = {
  parent_id: 1,
  total: 5,
  items: [
    {
      name: 'Building 2',
      domain_type_id: 2,
      type: 'building',
      logic_address: '2',
      children: [
        { name: 'Unit 101', domain_type_id: 5, type: 'unit', logic_address: '101' },
        { name: 'Unit 102', domain_type_id: 5, type: 'unit', logic_address: '102' },
        { name: 'Unit 201', domain_type_id: 5, type: 'unit', logic_address: '201' },
        { name: 'Unit 202', domain_type_id: 5, type: 'unit', logic_address: '202' },
      ],
    },
  ],
};

const base: GenerateGroupsContext = {
  values: emptyGenerateValues(1),
  errors: {},
  preview: null,
  created: null,
  failure: null,
};
const state = (value: string, context: Partial<GenerateGroupsContext> = {}) =>
  generateGroupsMachine.resolveState({ value, context: { ...base, ...context } });

export const generateGroupsFixtures = {
  editing: state('editing'),
  withErrors: state('editing', {
    values: { ...base.values, counts: { ...base.values.counts, floors: '999' } },
    errors: { 'floors.count': { code: 'range', params: { min: 0, max: 200 } } },
  }),
  previewing: state('previewing'),
  preview: state('preview', { preview: samplePreview }),
  saving: state('saving', { preview: samplePreview }),
  saved: state('saved', { preview: samplePreview, created: 5 }),
};
