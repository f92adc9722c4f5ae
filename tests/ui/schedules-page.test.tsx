import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectDay } from '../../src/contract/entities/time-rule';
import { timeRulesEntity } from '../../src/contract/entities/time-rule';
import { sampleDays } from '../../src/machines/project-days/project-days.fixtures';
import { sampleSchedules } from '../../src/ui/schedules/schedule.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };
/** The preview waits for edits to pause before asking. */
const PREVIEW = { timeout: 5_000 };

type Row = { id: number; [k: string]: unknown };

const year = new Date().getFullYear();

function schedulesBackend(extra: Record<string, (call: FakeCall) => unknown> = {}) {
  // The calendar opens on the current year: the sample's days moved into it.
  const days: ProjectDay[] = sampleDays.map((d) => ({ ...d, date: `${year}${d.date.slice(4)}` }));
  return demoBackend(
    {
      'GET /time-rules/days/items': () => ({ data: days }),
      'PUT /time-rules/days': (call) => {
        const day = call.body as ProjectDay;
        days.push(day);
        return { data: day };
      },
      [`DELETE /time-rules/days/${year}-05-09`]: () => {
        days.splice(
          days.findIndex((d) => d.date === `${year}-05-09`),
          1,
        );
        return { data: true };
      },
      // The preview answers two windows that start on the draft's first date.
      'POST /time-rules/occurrences': (call) => {
        const { definition } = call.body as { definition: { valid_from: string } };
        return {
          data: {
            time_zone: 'UTC',
            items: [
              { from: `${definition.valid_from}T09:00:00.000Z`, to: `${definition.valid_from}T18:00:00.000Z` },
              { from: '2030-01-07T09:00:00.000Z', to: '2030-01-07T18:00:00.000Z' },
            ],
          },
        };
      },
      ...extra,
    },
    {
      time_rules: {
        contract: timeRulesEntity,
        rows: structuredClone(sampleSchedules) as unknown as Row[],
        create: (body, id) =>
          ({ ...body, id, access_rules: [], next_occurrence: null, created_at: '', created_by_user: null }) as Row,
      },
    },
  );
}

describe('schedules page', { timeout: 60_000 }, () => {
  it('lists schedules in words with their next occurrence and the rules using them; marks and unmarks calendar dates', async () => {
    const backend = schedulesBackend();
    const app = renderWithBackend('/schedules', backend);
    const table = await screen.findByRole('table', { name: 'Schedules' }, LOAD);
    const working = within(table).getByRole('row', { name: /Working hours/ });
    expect(working).toHaveTextContent('Every day, workdays only, 08:00–20:00');
    expect(working).toHaveTextContent('Residents — Building A, Staff');
    expect(within(table).getByRole('row', { name: /Weekends/ })).toHaveTextContent('Not used');
    expect(within(table).getByRole('row', { name: /Night patrol/ })).toHaveTextContent('No more occurrences');

    const calendar = within(screen.getByRole('region', { name: 'Project calendar' }));
    expect(await calendar.findByRole('row', { name: /Christmas Day/ })).toHaveTextContent('Holiday');
    expect(backend.calls.find((c) => c.path === '/time-rules/days/items')?.search).toEqual({ year: String(year) });
    fireEvent.change(calendar.getByLabelText('Date'), { target: { value: `${year}-05-01` } });
    await app.user.type(calendar.getByLabelText('Name'), 'Labour Day');
    await app.user.click(calendar.getByRole('button', { name: 'Mark the date' }));
    expect(await calendar.findByRole('row', { name: /Labour Day/ })).toHaveTextContent('Holiday');
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      date: `${year}-05-01`,
      day_type: 'holiday',
      name: 'Labour Day',
    });
    expect(calendar.getByLabelText('Name')).toHaveValue('');
    await app.user.click(calendar.getByRole('button', { name: new RegExp(`^Remove May 9, ${year}`) }));
    await waitFor(() => expect(calendar.queryByRole('row', { name: /Working Saturday/ })).not.toBeInTheDocument());
    expect(backend.calls.some((c) => c.method === 'DELETE' && c.path === `/time-rules/days/${year}-05-09`)).toBe(true);
  });

  it('a schedule that rules use is not deleted: the server’s message names them', async () => {
    const backend = schedulesBackend({
      'POST /time-rules/delete-all': () => {
        throw {
          code: 'schedule used by access rules: {rules}',
          status: 409,
          params: { rules: 'Residents — Building A, Staff' },
        };
      },
    });
    const app = renderWithBackend('/schedules', backend);
    const table = await screen.findByRole('table', { name: 'Schedules' }, LOAD);
    await app.user.click(within(table).getByRole('checkbox', { name: 'Select Working hours' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deletion' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This schedule is used by access rules: Residents — Building A, Staff. Remove it from them first',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Schedules' })).getByRole('row', { name: /Working hours/ }),
    ).toBeInTheDocument();
  });

  it('the editor previews the next occurrences as fields change, then saves the whole recurrence', async () => {
    const backend = schedulesBackend();
    const app = renderWithBackend('/schedules/add', backend);
    const preview = within(await screen.findByRole('region', { name: 'Next occurrences' }, LOAD));
    // A new schedule is valid at once (today, 09:00–18:00, once): it is previewed.
    expect(await preview.findByText('Times in UTC', undefined, PREVIEW)).toBeInTheDocument();
    const asked = () => backend.calls.filter((c) => c.path === '/time-rules/occurrences');
    expect(asked()).toHaveLength(1);

    await app.user.type(screen.getByLabelText('Name'), 'Gym');
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2030-01-02' } });
    await app.user.selectOptions(screen.getByLabelText('Repeats'), 'custom');
    await app.user.selectOptions(screen.getByLabelText('Pattern'), 'weekly');
    // Custom weekly without a weekday is not a schedule yet: nothing is asked.
    expect(await preview.findByText('Fill in the schedule to see when it occurs.')).toBeInTheDocument();
    const weekdays = within(screen.getByRole('group', { name: 'Weekdays' }));
    await app.user.click(weekdays.getByRole('button', { name: 'Wednesday' }));
    await app.user.click(weekdays.getByRole('button', { name: 'Monday' }));
    await waitFor(() => expect(asked()).toHaveLength(2), PREVIEW);
    expect(asked()[1]?.body).toEqual({
      count: 6,
      definition: expect.objectContaining({
        valid_from: '2030-01-02',
        repeat_mode: 'custom',
        repeat_custom_mode: 'weekly',
        weekdays: ['mon', 'wed'],
        from: 32_400,
        to: 64_800,
      }),
    });
    expect(await preview.findByText(/Jan 2, 2030/)).toBeInTheDocument();
    // The name is not part of the schedule: renaming asks nothing.
    await app.user.type(screen.getByLabelText('Name'), ' room');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '22:00' } });
    expect(screen.getByText('Ends the next day: the window runs overnight.')).toBeInTheDocument();
    await waitFor(() => expect(asked()).toHaveLength(3), PREVIEW);
    expect(asked()[2]?.body).toMatchObject({ definition: { from: 79_200, to: 25_200 } });

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(backend.calls.find((c) => c.method === 'PUT' && c.path === '/time-rules')).toBeDefined(),
    );
    expect(backend.calls.find((c) => c.method === 'PUT' && c.path === '/time-rules')?.body).toEqual({
      name: 'Gym room',
      description: null,
      valid_from: '2030-01-02',
      valid_to: null,
      is_all_day: false,
      from: 79_200,
      to: 25_200,
      repeat_mode: 'custom',
      repeat_duration_mode: 'forever',
      repeat_duration_count: null,
      repeat_duration_until: null,
      repeat_custom_mode: 'weekly',
      months: [],
      weekdays: ['mon', 'wed'],
      days: [],
      looper: null,
      use_day_types: false,
      day_iteration: 1,
      day_type: 'day',
    });
  });

  it('the editor checks the section 5 rules before saving: a count needs its number', async () => {
    const backend = schedulesBackend();
    const app = renderWithBackend('/schedules/2/edit', backend);
    await screen.findByRole('heading', { name: 'Schedule Weekends' }, LOAD);
    await app.user.selectOptions(screen.getByLabelText('Ends'), 'count');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await app.user.type(screen.getByLabelText('Number of times'), '4');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.find((c) => c.method === 'PATCH')).toBeDefined());
    expect(backend.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      repeat_duration_mode: 'count',
      repeat_duration_count: 4,
      weekdays: ['sat', 'sun'],
      is_all_day: true,
    });
  });
});
