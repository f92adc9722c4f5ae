import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithBackend } from './support/entity-demo';
import { telephonyBackend } from './support/telephony-demo';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 5_000 };

describe('forward rules', { timeout: 20_000 }, () => {
  it('lists rule sets; adds one with a virtual number from the picker, days and hours', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/forward-rules', backend);
    const table = await screen.findByRole('table', { name: 'Forward rules' }, LOAD);
    expect(within(table).getByRole('row', { name: 'Weekday office' })).toHaveTextContent('09:00–18:00');
    expect(within(table).getByRole('row', { name: 'Concierge desk' })).toHaveTextContent('Every day');

    await app.user.click(screen.getByRole('button', { name: 'Add rule set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule set' });
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Night');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('group', { name: 'Virtual numbers' })).toHaveAccessibleDescription(
      'Give at least one value',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Choose: Virtual numbers' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose virtual numbers' });
    await app.user.click(await within(picker).findByRole('checkbox', { name: /100011/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Sat' }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Sun' }));
    await app.user.type(within(dialog).getByLabelText(/External numbers/), '+3712000009, 2000010');
    await app.user.type(within(dialog).getByLabelText('From'), '22:00');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('To')).toHaveAccessibleDescription('Field is required');
    await app.user.type(within(dialog).getByLabelText('To'), '23:30');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule set' })).not.toBeInTheDocument());
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Night',
      params: {
        numbers: ['100011'],
        trunk_numbers: ['+3712000009', '2000010'],
        timeout: 60,
        days: ['sat', 'sun'],
        period: { from: 79_200, to: 84_600 },
      },
    });
  });

  it('forward groups are the other tab: an enabled failure redirect needs rule sets; defaults 60 and 10', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/forward-rules', backend);
    await screen.findByRole('table', { name: 'Forward rules' }, LOAD);
    await app.user.click(screen.getByRole('link', { name: 'Forward groups' }));
    const table = await screen.findByRole('table', { name: 'Forward rules' }, LOAD);
    expect(await within(table).findByRole('row', { name: 'Unanswered to concierges' })).toHaveTextContent(
      'After 30 s → Concierge desk',
    );
    expect(new URLSearchParams(app.location().search).get('tab')).toBe('groups');

    await app.user.click(screen.getByRole('button', { name: 'Add forward group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New forward group' });
    expect(
      within(dialog)
        .getAllByLabelText('Redirect after, seconds')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['60', '10']);
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Failures');
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Redirect failed calls' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const [, failureRules] = within(dialog).getAllByRole('group', { name: 'Rule sets' });
    expect(failureRules).toHaveAccessibleDescription('Field is required');
    await app.user.click(within(failureRules!).getByRole('button', { name: 'Choose: Rule sets' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose forward rules' });
    await app.user.click(await within(picker).findByRole('checkbox', { name: /Concierge desk/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Failures',
      forward_rules: [
        { type: 'redirect_if_no_answer', is_immediately: false, timeout: 60, forward_rules: [] },
        { type: 'redirect_if_error', enabled: true, timeout: 10, forward_rules: [1] },
      ],
    });
  });

  it('opens the edit dialog of a rule set from its own route', async () => {
    renderWithBackend('/forward-rules/2/edit', telephonyBackend());
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule set' }, LOAD);
    expect(await within(dialog).findByDisplayValue('Weekday office')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Mon' })).toBeChecked();
  });
});
