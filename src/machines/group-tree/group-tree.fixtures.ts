import type { SnapshotFrom } from 'xstate';
import { type GroupTreeContext, type GroupTreeMachine, groupTreeMachine } from './group-tree.machine';
import { byId, foundOf, type TreeNode } from './group-tree.model';

const type = (id: number, code: string, name: string) => ({ id, type: code, name });
const node = (id: number, name: string, parent_id: number | null, extra: Partial<TreeNode> = {}): TreeNode => ({
  id,
  name,
  parent_id,
  type: type(2, 'building', 'Building'),
  logic_address: null,
  users_count: 0,
  has_children: false,
  may_delete: true,
  ...extra,
});

/** A small residence: the project, two buildings, units in the first. */
export const sampleTree = {
  project: node(1, 'Riverside Residence', null, {
    type: type(1, 'project', 'Project'),
    users_count: 4,
    has_children: true,
  }),
  buildingA: node(2, 'Building A', 1, { logic_address: '1', has_children: true }),
  buildingB: node(3, 'Building B', 1, { logic_address: '2', has_children: true }),
  unit101: node(4, 'Unit 101', 2, { type: type(5, 'unit', 'Unit'), logic_address: '101', users_count: 1 }),
  unit102: node(5, 'Unit 102', 2, { type: type(5, 'unit', 'Unit'), logic_address: '102' }),
};
const all = Object.values(sampleTree);

const base: GroupTreeContext = {
  nodes: byId(all),
  browse: { roots: [1], children: { 1: [2, 3], 2: [4, 5] } },
  expanded: [1, 2],
  whole: false,
  searchText: '',
  found: null,
  foundExpanded: [],
  pending: [],
  reveal: null,
  failure: null,
};
const state = (value: unknown, context: Partial<GroupTreeContext> = {}) =>
  groupTreeMachine.resolveState({ value: value as never, context: { ...base, ...context } });

const found = foundOf('102', [sampleTree.project, sampleTree.buildingA, sampleTree.unit102]);

/** One snapshot per state of the groups tree (stories show each). */
export const groupTreeFixtures = {
  loading: state('loading', { nodes: {}, browse: null, expanded: [] }),
  failed: state('failed', { nodes: {}, browse: null, expanded: [], failure: { code: 'network' } }),
  idle: state({ ready: 'idle' }),
  fetching: state({ ready: 'fetching' }, { expanded: [1, 2, 3], pending: [3] }),
  searching: state({ ready: 'searching' }, { searchText: '102' }),
  found: state({ ready: 'idle' }, { searchText: '102', found, foundExpanded: [1, 2] }),
  expandingAll: state({ ready: 'expandingAll' }),
  refreshing: state({ ready: 'refreshing' }),
} satisfies Record<string, SnapshotFrom<GroupTreeMachine>>;
