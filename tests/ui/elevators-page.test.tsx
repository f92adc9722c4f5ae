import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { elevatorsEntity } from '../../src/contract/entities/elevator';
import { elevatorEventsEntity } from '../../src/contract/entities/elevator-event';
import { sampleFloors } from '../../src/machines/lift-call/lift-call.fixtures';
import { sampleElevators } from '../../src/ui/elevators/elevator.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };

function elevatorsBackend(call: (c: FakeCall) => unknown) {
  return demoBackend(
    { 'GET /elevators/1/floors': () => ({ data: sampleFloors }), 'POST /elevators/call/1': call },
    {
      elevators: {
        contract: elevatorsEntity,
        rows: structuredClone(sampleElevators) as unknown as { id: number; [k: string]: unknown }[],
      },
    },
  );
}

describe('elevators', { timeout: 40_000 }, () => {
  it('lists elevators with their controllers, and calls a lift to an apartment’s floor', async () => {
    const backend = elevatorsBackend(() => ({ data: true }));
    const app = renderWithBackend('/elevators', backend);
    const table = await screen.findByRole('table', { name: 'Elevators' }, LOAD);
    const row = within(table).getByRole('row', { name: /Lift A/ });
    expect(row).toHaveTextContent('Lift controller · online');
    expect(row).toHaveTextContent('Building A');
    await app.user.click(within(row).getByRole('button', { name: 'Call Lift A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Lift A' });
    // Nothing is sent before a floor is chosen.
    expect(await within(dialog).findByRole('button', { name: 'Call the lift' })).toBeDisabled();
    await app.user.selectOptions(within(dialog).getByLabelText('Floor'), '3');
    await app.user.selectOptions(within(dialog).getByLabelText('Apartment'), '302');
    await app.user.selectOptions(within(dialog).getByLabelText('Direction'), 'down');
    await app.user.click(within(dialog).getByRole('button', { name: 'Call the lift' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Lift A is on its way.');
    expect(backend.calls.find((c) => c.method === 'POST')?.body).toEqual({
      floor: 3,
      apartment: '302',
      direction: 'down',
    });
  });

  it('shows the server’s refusal in the dialog: the controller is offline', async () => {
    const backend = elevatorsBackend(() => {
      throw { code: 'device offline, cannot connect', status: 409 };
    });
    const app = renderWithBackend('/elevators', backend);
    const table = await screen.findByRole('table', { name: 'Elevators' }, LOAD);
    await app.user.click(within(table).getByRole('button', { name: 'Call Lift A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Lift A' });
    await waitFor(() => expect(within(dialog).getByLabelText('Floor')).toBeEnabled());
    await app.user.selectOptions(within(dialog).getByLabelText('Floor'), '2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Call the lift' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The device is offline, cannot connect');
  });
});

describe('elevator events', { timeout: 40_000 }, () => {
  it('lists the lift controllers’ events with their elevator, offers the elevator filter and the download', async () => {
    const event = {
      id: 7,
      device: { id: 11, name: 'Lift controller' },
      elevator: { id: 1, name: 'Lift A' },
      event_id: 'LIFT-1-7',
      type: 'lift.called',
      occurred_at: '2026-11-25T09:00:00.000Z',
      received_at: '2026-11-25T09:00:01.000Z',
      data: { floor: 3, apartment: '302' },
    };
    const backend = demoBackend({}, { elevator_events: { contract: elevatorEventsEntity, rows: [event] } });
    renderWithBackend('/elevators/events', backend);
    const table = await screen.findByRole('table', { name: 'Elevator events' }, LOAD);
    const row = within(table).getByRole('row', { name: /LIFT-1-7/ });
    expect(row).toHaveTextContent('Lift A');
    expect(row).toHaveTextContent('Lift controller');
    expect(row).toHaveTextContent('Floor: 3');
    expect(within(table).getByRole('columnheader', { name: 'Elevator' })).toBeInTheDocument();
    // The filters: elevator, days (the event type's name is also its column's sort button).
    for (const name of ['Elevator', 'From', 'To']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });
});
