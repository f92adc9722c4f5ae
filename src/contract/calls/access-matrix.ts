import * as v from 'valibot';
import { anyOf, defineCalls } from '../call';
import { AccessMatrixFilterSchema, AccessMatrixQuerySchema, AccessMatrixSchema } from '../entities/access-matrix';

/**
 * The access matrix (7.5: items and download). Whoever sees access rules may read it: the rules
 * of their scope only (access_rules.view: the ones they created; view_all: every rule), over the
 * users and devices they see (docs/decisions.md, Access management › Access matrix).
 */
const viewers = anyOf(['access_rules.view', 'access_rules.view_all']);

export const ACCESS_MATRIX_CALLS = defineCalls({
  'GET /access-matrix/items': {
    access: viewers,
    query: AccessMatrixQuerySchema,
    response: AccessMatrixSchema,
  },
  'GET /access-matrix/download': {
    access: viewers,
    query: AccessMatrixFilterSchema,
    timeout: 'importExportBackup',
    file: 'xlsx',
    response: v.blob(),
  },
});
