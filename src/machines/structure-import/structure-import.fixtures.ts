import { type StructureImportContext, structureImportMachine } from './structure-import.machine';

const file = typeof File === 'undefined' ? null : new File(['xlsx'], 'structure.xlsx');
const base: StructureImportContext = { groupId: 2, file: null, roleId: null, result: null, failure: null };
const state = (value: string, context: Partial<StructureImportContext> = {}) =>
  structureImportMachine.resolveState({ value, context: { ...base, ...context } });

export const structureImportFixtures = {
  choosing: state('choosing'),
  ready: state('choosing', { file, roleId: 4 }),
  failedUpload: state('choosing', { file, roleId: 4, failure: { code: 'invalid file', status: 400 } }),
  uploading: state('uploading', { file, roleId: 4 }),
  finished: state('finished', {
    file,
    roleId: 4,
    result: {
      users_attached: 3,
      users_created: 12,
      groups_created: 5,
      errors: [
        { sheet: 'Users', row: 7, column: 'email', message: 'wrong e-mail' },
        { sheet: 'Groups', row: 4, column: 'name', message: 'name too long', params: { length: 31 } },
      ],
    },
  }),
  finishedClean: state('finished', {
    file,
    roleId: 4,
    result: { users_attached: 0, users_created: 4, groups_created: 2, errors: [] },
  }),
};
