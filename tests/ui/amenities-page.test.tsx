import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessRulesEntity } from '../../src/contract/entities/access-rule';
import { amenitiesEntity } from '../../src/contract/entities/amenity';
import { amenityReservationsEntity } from '../../src/contract/entities/amenity-reservation';
import {
  SAMPLE_DATE,
  sampleDay,
  sampleReservation,
  takenDay,
} from '../../src/machines/amenity-reservation/amenity-reservation.fixtures';
import { sampleAccessRules } from '../../src/ui/access-rules/access-rule.fixtures';
import { sampleAmenities, sampleReservations } from '../../src/ui/amenities/amenity.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };
const H = 3600;
type Row = { id: number; [k: string]: unknown };

function amenitiesBackend(extra: Record<string, (call: FakeCall) => unknown> = {}) {
  return demoBackend(extra, {
    // Longest path first: the fake finds a table by prefix.
    amenity_reservations: {
      contract: amenityReservationsEntity,
      rows: structuredClone(sampleReservations) as unknown as Row[],
    },
    amenities: {
      contract: amenitiesEntity,
      rows: structuredClone(sampleAmenities) as unknown as Row[],
      create: (body, id) => ({ ...structuredClone(sampleAmenities[0]), ...body, id }) as unknown as Row,
    },
    access_rules: { contract: accessRulesEntity, rows: structuredClone(sampleAccessRules) as unknown as Row[] },
  });
}

/** Opens a picker field's dialog, ticks the option named `option` and confirms. */
async function pick(user: ReturnType<typeof renderWithBackend>['user'], field: string, option: string) {
  await user.click(screen.getByRole('button', { name: `Choose: ${field}` }));
  const dialog = await screen.findByRole('dialog');
  const choice = await within(dialog).findByRole('checkbox', { name: new RegExp(option) });
  await user.click(choice);
  await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Drags down a day column of the week grid from one hour to another (20 px an hour). */
function draw(day: string, fromHour: number, toHour: number) {
  const column = screen.getByTestId(`grid-${day}`);
  fireEvent.pointerDown(column, { button: 0, pointerId: 1, clientY: fromHour * 20 });
  fireEvent.pointerMove(column, { pointerId: 1, clientY: toHour * 20 });
  fireEvent.pointerUp(column, { pointerId: 1, clientY: toHour * 20 });
}

describe('amenity page', { timeout: 60_000 }, () => {
  it('draws slots on the week grid, refuses an overlap as it is drawn, and saves them', async () => {
    const backend = amenitiesBackend();
    const app = renderWithBackend('/amenities/add', backend);
    await app.user.type(await screen.findByLabelText('Name', {}, LOAD), 'Sauna');
    await pick(app.user, 'Groups', 'Building A');
    await pick(app.user, 'Access rules', 'Residents — Building A');

    draw('mon', 8, 12);
    expect(await screen.findByRole('button', { name: 'Mon 08:00–12:00' })).toBeInTheDocument();
    draw('mon', 10, 13);
    expect(screen.getByRole('alert')).toHaveTextContent('That time overlaps another time slot');
    expect(screen.queryByRole('button', { name: /^Mon 10:00/ })).not.toBeInTheDocument();

    // By keyboard: a new slot on weekdays that would overlap Monday is refused; later it fits.
    await app.user.click(screen.getByRole('button', { name: 'New slot' }));
    await app.user.click(screen.getByRole('button', { name: 'Add time slot' }));
    expect(await screen.findByText(/overlaps another time slot/)).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await app.user.clear(from);
    await app.user.type(from, '13:00');
    await app.user.clear(to);
    await app.user.type(to, '15:00');
    await app.user.click(screen.getByRole('button', { name: 'Add time slot' }));
    expect(await screen.findByRole('button', { name: 'Fri 13:00–15:00' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/amenities');
    expect(put?.body).toMatchObject({
      name: 'Sauna',
      domains: [2],
      access_rules: [1],
      number_of_persons: { min: 1, max: 500 },
      time_slots: {
        duration: 3600,
        items: [
          { days: ['mon'], from: 8 * H, to: 12 * H },
          { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 13 * H, to: 15 * H },
        ],
      },
    });
  });
});

describe('reservation page', { timeout: 60_000 }, () => {
  it('books the last places; a conflict shows the fresh day and a choice made again succeeds', async () => {
    let dayReads = 0;
    let puts = 0;
    const backend = amenitiesBackend({
      'GET /amenities/3/state': () => ({ data: ++dayReads === 1 ? sampleDay : takenDay }),
      'PUT /amenities/reservations': () => {
        if (++puts === 1) throw { code: 'no free places', status: 409, params: { from: '10:00', to: '11:00' } };
        return { data: 77 };
      },
    });
    const app = renderWithBackend('/amenities/reservations/add?amenity=3&name=Gym', backend);
    const date = await screen.findByLabelText('Date', {}, LOAD);
    fireEvent.change(date, { target: { value: SAMPLE_DATE } });
    const slots = await screen.findByRole('list', { name: 'Time slots' });
    await app.user.click(within(slots).getByRole('button', { name: '10:00–11:00, 2 places left' }));
    const persons = screen.getByLabelText('Persons');
    await app.user.clear(persons);
    await app.user.type(persons, '2');
    await app.user.click(screen.getByRole('button', { name: 'Book' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Book this?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText(/Someone has just taken places you chose/)).toBeInTheDocument();
    expect(within(slots).getByRole('button', { name: '10:00–11:00, Full' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
    await app.user.click(within(slots).getByRole('button', { name: '10:00–11:00, Full' }));
    await app.user.click(within(slots).getByRole('button', { name: '11:00–12:00, 5 places left' }));
    await app.user.click(screen.getByRole('button', { name: 'Book' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(/11:00–12:00, persons: 2, for myself/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the reservation' })).toBeEnabled();
    const bodies = backend.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(bodies).toEqual([
      expect.objectContaining({
        amenity_id: 3,
        date: SAMPLE_DATE,
        time_slots: [{ from: 10 * H, to: 11 * H }],
        number_of_persons: 2,
      }),
      expect.objectContaining({
        amenity_id: 3,
        date: SAMPLE_DATE,
        time_slots: [{ from: 11 * H, to: 12 * H }],
        number_of_persons: 2,
      }),
    ]);
    expect(dayReads).toBe(2);
  });

  it('shows each refusal of 8.2 in the language of the page, and cancels after asking', async () => {
    const backend = amenitiesBackend({
      'GET /amenities/reservations/41': () => ({ data: sampleReservation }),
      'GET /amenities/3/state': () => ({ data: sampleDay }),
      'GET /amenities/reservations/41/logs': () => ({ data: [] }),
      'PATCH /amenities/reservations/41': () => {
        throw { code: 'number of persons out of limits ({min}-{max})', status: 400, params: { min: 1, max: 5 } };
      },
      'POST /amenities/reservations/41/cancel': () => ({
        data: { ...sampleReservation, status: 'canceled', identifier: null, canceled_at: '2030-03-02T09:00:00.000Z' },
      }),
    });
    const app = renderWithBackend('/amenities/reservations/41/edit', backend);
    const slots = await screen.findByRole('list', { name: 'Time slots' }, LOAD);
    await app.user.click(within(slots).getByRole('button', { name: '11:00–12:00, 5 places left' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The number of persons must be from 1 to 5')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel this reservation?' });
    expect(backend.calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await app.user.click(within(ask).getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('This reservation was cancelled.')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
  });
});
