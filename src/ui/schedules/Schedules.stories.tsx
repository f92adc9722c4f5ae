import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { projectDaysFixtures } from '../../machines/project-days/project-days.fixtures';
import { projectDaysMachine } from '../../machines/project-days/project-days.machine';
import { schedulePreviewFixtures } from '../../machines/schedule-preview/schedule-preview.fixtures';
import { schedulePreviewMachine } from '../../machines/schedule-preview/schedule-preview.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ScheduleFormView } from './ScheduleFormView';
import { SchedulesView } from './SchedulesView';
import { scheduleFixtures } from './schedule.fixtures';

const noop = () => {};

/** /schedules: the list over a frozen list actor, the calendar over a frozen `projectDays` actor in a fixture state. */
export function SchedulesListStory({ state = 'ready' }: { state?: keyof typeof projectDaysFixtures }) {
  const listRef = useFrozenActor(entityListMachine, scheduleFixtures.list.ready);
  const daysRef = useFrozenActor(projectDaysMachine, projectDaysFixtures[state]);
  return (
    <div className="p-6">
      <SchedulesView
        key={state}
        listRef={listRef}
        daysRef={daysRef}
        filters={[]}
        can={{ create: true, delete: true, editDays: true }}
        onAdd={noop}
        onOpen={noop}
      />
    </div>
  );
}

/** The schedule editor over a frozen form, its preview over a frozen `schedulePreview` actor in a fixture state. */
export function ScheduleFormStory({
  state = 'shown',
  form = 'editing',
}: {
  state?: keyof typeof schedulePreviewFixtures;
  form?: keyof typeof scheduleFixtures.form;
}) {
  const formRef = useFrozenActor(entityFormMachine, scheduleFixtures.form[form]);
  const previewRef = useFrozenActor(schedulePreviewMachine, schedulePreviewFixtures[state]);
  return (
    <div className="p-6">
      <ScheduleFormView key={`${form}:${state}`} formRef={formRef} previewRef={previewRef} onCancel={noop} />
    </div>
  );
}

/** The schedules list and editor. */
function SchedulesStory({ view }: { view: 'list' | keyof typeof scheduleFixtures.form }) {
  return view === 'list' ? <SchedulesListStory /> : <ScheduleFormStory key={view} form={view} />;
}

const meta = {
  title: 'Access management/Schedules',
  component: SchedulesStory,
  parameters: { gatehouse: { route: { path: '/schedules/*', entry: '/schedules' } } },
  // The frames are exported for the Machines section, not stories of their own.
  excludeStories: ['SchedulesListStory', 'ScheduleFormStory'],
} satisfies Meta<typeof SchedulesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement }) => {
    const table = within(await within(canvasElement).findByRole('table', { name: 'Schedules' }));
    const working = table.getByRole('row', { name: /Working hours/ });
    await expect(working).toHaveTextContent('Every day, workdays only, 08:00–20:00');
    await expect(working).toHaveTextContent('Residents — Building A, Staff');
    await expect(table.getByRole('row', { name: /Weekends/ })).toHaveTextContent('Every Sat and Sun, all day');
    const night = table.getByRole('row', { name: /Night patrol/ });
    await expect(night).toHaveTextContent('Monthly on the last Friday, 22:00–06:00 (next day), until Dec 31, 2025');
    await expect(night).toHaveTextContent('No more occurrences');
  },
};
export const NewSchedule: Story = {
  args: { view: 'creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('From')).toHaveValue('09:00');
    await expect(canvas.getByLabelText('To')).toHaveValue('18:00');
    await expect(canvas.getByLabelText('Repeats')).toHaveValue('never');
  },
};
export const EditSchedule: Story = {
  args: { view: 'editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Pattern')).toHaveValue('monthly');
    await expect(canvas.getByLabelText('Also on the')).toHaveValue('-1');
    await expect(canvas.getByLabelText('Weekday')).toHaveValue('fri');
    await expect(canvas.getByText('Ends the next day: the window runs overnight.')).toBeInTheDocument();
  },
};
export const Incomplete: Story = {
  args: { view: 'incomplete' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const weekdays = within(await canvas.findByRole('group', { name: 'Weekdays' }));
    await expect(weekdays.getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getAllByText('Field is required').length).toBeGreaterThanOrEqual(2);
  },
};
