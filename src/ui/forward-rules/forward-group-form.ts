import { FORWARD_DEFAULTS } from '../../contract/constants';
import {
  type ForwardGroup,
  ForwardGroupCreateSchema,
  ForwardGroupPatchSchema,
} from '../../contract/entities/forward-rule';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the forward group dialog edits: the two redirects side by side (`na_*` no answer, `err_*` failure). */
export interface ForwardGroupValues extends FormValues {
  name: string;
  na_immediately: boolean;
  na_timeout: string;
  na_rules: ListRow[];
  err_enabled: boolean;
  err_timeout: string;
  err_rules: ListRow[];
}

const ids = (rows: unknown) => (rows as ListRow[]).map((row) => row.id);
const seconds = (value: unknown, fallback: number) => (value === null || value === undefined ? fallback : value);

/** The forward group dialog (section 3, 5, 9: defaults 60 and 10). */
export const forwardGroupForm: EntityFormDefinition<ForwardGroupValues, ForwardGroup> = {
  empty: () => ({
    name: '',
    na_immediately: false,
    na_timeout: String(FORWARD_DEFAULTS.noAnswerTimeout),
    na_rules: [],
    err_enabled: false,
    err_timeout: String(FORWARD_DEFAULTS.errorTimeout),
    err_rules: [],
  }),
  fromItem: (group) => {
    const [noAnswer, onError] = group.forward_rules;
    return {
      name: group.name,
      na_immediately: noAnswer.is_immediately,
      na_timeout: String(noAnswer.timeout),
      na_rules: noAnswer.forward_rules,
      err_enabled: onError.enabled,
      err_timeout: String(onError.timeout),
      err_rules: onError.forward_rules,
    };
  },
  kinds: {
    name: 'requiredText',
    na_immediately: 'raw',
    na_timeout: 'integer',
    na_rules: 'raw',
    err_enabled: 'raw',
    err_timeout: 'integer',
    err_rules: 'raw',
  },
  finish: (body) => ({
    name: body.name,
    forward_rules: [
      {
        type: 'redirect_if_no_answer',
        is_immediately: body.na_immediately,
        timeout: seconds(body.na_timeout, FORWARD_DEFAULTS.noAnswerTimeout),
        forward_rules: ids(body.na_rules),
      },
      {
        type: 'redirect_if_error',
        enabled: body.err_enabled,
        timeout: seconds(body.err_timeout, FORWARD_DEFAULTS.errorTimeout),
        forward_rules: ids(body.err_rules),
      },
    ],
  }),
  schemas: { create: ForwardGroupCreateSchema, patch: ForwardGroupPatchSchema },
  // Section 5: at least one queue; a failure redirect that is on names where to.
  check: (values): Record<string, FieldError> => {
    if (values.err_enabled && values.err_rules.length === 0) return { err_rules: { code: 'required' } };
    if (values.na_rules.length === 0 && !values.err_enabled) return { na_rules: { code: 'one_required' } };
    return {};
  },
  fieldOf: (path) => {
    const [first, index, field] = path.split('.');
    if (first !== 'forward_rules') return first ?? path;
    const prefix = index === '1' ? 'err' : 'na';
    if (field === 'timeout') return `${prefix}_timeout`;
    if (field === 'is_immediately') return 'na_immediately';
    if (field === 'enabled') return 'err_enabled';
    return `${prefix}_rules`;
  },
};
