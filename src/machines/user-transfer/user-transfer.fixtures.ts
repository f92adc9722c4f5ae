import { type UserTransferContext, userTransferMachine } from './user-transfer.machine';

const file = typeof File === 'undefined' ? null : new File(['login,name\r\n'], 'residents.csv');
const base: UserTransferContext = {
  groupId: null,
  format: 'xlsx',
  file: null,
  roleId: null,
  result: null,
  failure: null,
};
const state = (value: string, context: Partial<UserTransferContext> = {}) =>
  userTransferMachine.resolveState({ value, context: { ...base, ...context } });

export const userTransferFixtures = {
  choosing: state('choosing'),
  ready: state('choosing', { groupId: 2, file, roleId: 4 }),
  failedUpload: state('choosing', { groupId: 2, file, roleId: 4, failure: { code: 'wrong file body', status: 400 } }),
  exporting: state('exporting', { groupId: 2, format: 'csv' }),
  uploading: state('uploading', { groupId: 2, file, roleId: 4 }),
  finished: state('finished', {
    groupId: 2,
    file,
    roleId: 4,
    result: {
      users_created: 12,
      users_attached: 3,
      errors: [
        { sheet: 'Users', row: 7, column: 'email', message: 'wrong e-mail' },
        { sheet: 'Users', row: 9, column: 'name', message: 'name too long', params: { length: 31 } },
      ],
    },
  }),
  finishedClean: state('finished', {
    groupId: 2,
    file,
    roleId: 4,
    result: { users_created: 4, users_attached: 1, errors: [] },
  }),
};
