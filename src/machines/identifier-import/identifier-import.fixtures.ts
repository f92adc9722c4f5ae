import type { IdentifierDuplicate } from '../../contract/entities/identifier';
import { emptyImportContext, type IdentifierImportContext, identifierImportMachine } from './identifier-import.machine';

const file = typeof File === 'undefined' ? null : new File(['name,type,value'], 'identifiers.csv');
const state = (value: string, context: Partial<IdentifierImportContext> = {}) =>
  identifierImportMachine.resolveState({ value, context: { ...emptyImportContext(), ...context } });

export const sampleDuplicates: IdentifierDuplicate[] = [
  {
    row: 3,
    type: 'card',
    value: '3735928559',
    name: 'Lobby card',
    existing: { id: 41, name: 'Resident card', owner: { id: 7, name: 'Rosa Resident' } },
  },
  {
    row: 6,
    type: 'code',
    value: '482913',
    name: null,
    existing: { id: 42, name: 'Resident code', owner: { id: 7, name: 'Rosa Resident' } },
  },
];
const found = { file, filepath: `7-${'a'.repeat(32)}.csv`, rows: 12, duplicates: sampleDuplicates };

export const identifierImportFixtures = {
  choosing: state('choosing'),
  chosen: state('choosing', { file }),
  failedCheck: state('choosing', { file, failure: { code: 'wrong file body', status: 400 } }),
  checking: state('checking', { file }),
  duplicates: state('duplicates', { ...found, rowActions: { 6: 'replace' } }),
  failedContinue: state('duplicates', { ...found, failure: { code: 'internal server error', status: 500 } }),
  continuing: state('continuing', { ...found, action: 'replace' }),
  report: state('report', {
    ...found,
    report: {
      created: 9,
      replaced: 1,
      skipped: 1,
      errors: [
        { row: 4, message: 'invalid data sent', column: 'value', params: { code: 'number_or_hex' } },
        { row: 9, message: 'invalid related entity sent', column: 'owner' },
      ],
    },
  }),
  reportClean: state('report', { file, report: { created: 3, replaced: 0, skipped: 0, errors: [] } }),
};
