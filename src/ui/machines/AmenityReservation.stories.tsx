import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ReservationFlowStory } from '../amenities/Amenities.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/**
 * Every state of the `amenityReservation` machine (7.7): a stored reservation loading, failed,
 * viewed; choosing the amenity and the date; the day loading, failed, chosen from, read again,
 * confirmed, saved, read again after a conflict; reserved; cancelling asked, running, done.
 */
const meta = {
  title: 'Machines/Amenity reservation',
  component: ReservationFlowStory,
  parameters: { machine: 'amenity-reservation' },
} satisfies Meta<typeof ReservationFlowStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const canvas = (element: HTMLElement) => within(element);
const dialog = (element: HTMLElement) => pageOf(element).findByRole('alertdialog');

export const LoadingReservation: Story = {
  name: 'loadingReservation',
  ...showing('loadingReservation'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByText('Loading the reservation…')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  name: 'loadFailed',
  ...showing('loadFailed'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('alert')).toHaveTextContent(/not found/i);
  },
};

export const Viewing: Story = {
  name: 'viewing',
  ...showing('viewing'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByText('In use')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Cancel reservation' })).toBeEnabled();
    await expect(c.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
  },
};

export const ChoosingAmenity: Story = {
  name: 'choosingAmenity',
  ...showing('choosingAmenity'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByText('No amenity chosen')).toBeInTheDocument();
    await expect(c.getByLabelText('Date')).toBeDisabled();
  },
};

export const ChoosingDate: Story = {
  name: 'choosingDate',
  ...showing('choosingDate'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByText('Gym')).toBeInTheDocument();
    await expect(c.getByLabelText('Date')).toBeEnabled();
    await expect(c.getByText('Choose a date.')).toBeInTheDocument();
  },
};

export const LoadingDay: Story = {
  name: 'loadingDay',
  ...showing('loadingDay'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByText('Loading the day…')).toBeInTheDocument();
  },
};

export const DayFailed: Story = {
  name: 'dayFailed',
  ...showing('dayFailed'),
  play: async ({ canvasElement }) => {
    const alert = await canvas(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The day could not be loaded');
    await expect(within(alert).getByRole('button', { name: /try again|retry/i })).toBeEnabled();
  },
};

export const Choosing: Story = {
  name: 'day.choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByRole('button', { name: '10:00–11:00, 2 places left' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(c.getByRole('button', { name: '09:00–10:00, Full' })).toBeDisabled();
    await expect(c.getByRole('button', { name: '07:00–08:00, Ended' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Book' })).toBeEnabled();
  },
};

export const Refreshing: Story = {
  name: 'day.refreshing',
  ...showing('refreshing'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('status')).toHaveTextContent('Updating…');
  },
};

export const Confirming: Story = {
  name: 'day.confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByText(/Gym, .*10:00–11:00, persons: 2, for myself/)).toBeInTheDocument();
    await expect(box.getByRole('button', { name: 'Book' })).toBeEnabled();
  },
};

export const Saving: Story = {
  name: 'day.saving',
  ...showing('saving'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByRole('button', { name: 'Book' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Conflict: Story = {
  name: 'day.conflict',
  ...showing('conflict'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByText('Updating…')).toBeInTheDocument();
    await expect(c.getByRole('alert')).toHaveTextContent('Someone has just taken places you chose');
  },
};

export const Reserved: Story = {
  name: 'reserved',
  ...showing('reserved'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent(/Gym, .*10:00–11:00, persons: 2/);
    await expect(c.getByRole('button', { name: 'Open the reservation' })).toBeEnabled();
  },
};

export const ConfirmingCancel: Story = {
  name: 'confirmingCancel',
  ...showing('confirmingCancel'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(
      box.getByText('Its places are given back and its QR code stops opening the doors.'),
    ).toBeInTheDocument();
    await expect(box.getByRole('button', { name: 'Keep it' })).toBeEnabled();
  },
};

export const Cancelling: Story = {
  name: 'cancelling',
  ...showing('cancelling'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByRole('button', { name: 'Cancel reservation' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Canceled: Story = {
  name: 'canceled',
  ...showing('canceled'),
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('This reservation was cancelled.');
    await expect(c.getByText('Cancelled')).toBeInTheDocument();
  },
};
