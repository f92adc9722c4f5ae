import type { CallFailure } from '../../machines/session/session.types';

/**
 * What a failed load means for the person looking at it. Only a transient
 * failure (no answer, a timeout, the server's own 5xx, too many requests) is
 * worth trying again; a missing item stays missing, a refusal stays refused.
 */
export type FailureKind = 'transient' | 'notFound' | 'final';

const NOT_FOUND_CODES = ['item not found', 'not found'];
const TRANSIENT_CODES = ['network', 'timeout'];

export function failureKind(failure: CallFailure | null | undefined): FailureKind {
  // No failure told: nothing says it is final, so a retry stays on offer.
  if (!failure) return 'transient';
  if (failure.status === 404 || NOT_FOUND_CODES.includes(failure.code)) return 'notFound';
  if (TRANSIENT_CODES.includes(failure.code)) return 'transient';
  if (failure.status !== undefined && (failure.status >= 500 || failure.status === 429 || failure.status === 408))
    return 'transient';
  return 'final';
}
