import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { CallFailure } from '../../src/machines/session/session.types';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { ErrorState } from '../../src/ui/kit/ErrorState';
import { failureKind } from '../../src/ui/kit/failure-kind';
import { renderWithBackend } from './support/entity-demo';

/** A retry is offered only where trying again can help; a missing item says "not found" with a way back. */
describe('failure kinds', () => {
  it.each([
    [{ code: 'network' }, 'transient'],
    [{ code: 'timeout' }, 'transient'],
    [{ code: 'internal server error', status: 500 }, 'transient'],
    [{ code: 'too many requests', status: 429 }, 'transient'],
    [{ code: 'item not found', status: 404 }, 'notFound'],
    [{ code: 'not found' }, 'notFound'],
    [{ code: 'method or action prohibited', status: 403 }, 'final'],
    [{ code: 'wrong parameters', status: 400 }, 'final'],
  ] as [CallFailure, string][])('%o is %s', (failure, kind) => {
    expect(failureKind(failure)).toBe(kind);
  });
});

function show(failure: CallFailure) {
  const retry = vi.fn();
  const back = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ErrorState
        title="The list could not be loaded"
        message="reason"
        failure={failure}
        onRetry={retry}
        back={{ label: 'Back to the list', onClick: back }}
      />
    </I18nextProvider>,
  );
  return screen.getByRole('alert');
}

describe('ErrorState', () => {
  it('a 404 says not found and offers the way back, not a retry', () => {
    const alert = show({ code: 'item not found', status: 404 });
    expect(alert).toHaveTextContent('Not found');
    expect(alert).toHaveTextContent('It does not exist, or it was deleted.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
  });

  it('a network failure offers a retry beside the way back', () => {
    const alert = show({ code: 'network' });
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a refusal (403) is not retried either', () => {
    const alert = show({ code: 'method or action prohibited', status: 403 });
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('an item page whose item does not exist', () => {
  it('/users/999/edit says not found and leads back to the users list', async () => {
    const app = renderWithBackend('/users/999/edit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not found');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Back to the list' }));
    await vi.waitFor(() => expect(app.location().pathname).toBe('/users'));
  });
});
