import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { amenityReservationFixtures } from '../../machines/amenity-reservation/amenity-reservation.fixtures';
import { amenityReservationMachine } from '../../machines/amenity-reservation/amenity-reservation.machine';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeAccessRule, describeAmenity, describeGroup, describeUser } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AmenitiesView } from './AmenitiesView';
import { AmenityFormView } from './AmenityFormView';
import { amenityFixtures } from './amenity.fixtures';
import { ReservationsView } from './ReservationsView';
import { ReservationView } from './ReservationView';

const noop = () => {};
type FormState = keyof typeof amenityFixtures.form;
type FlowState = keyof typeof amenityReservationFixtures;

function ListFrame() {
  const listRef = useFrozenActor(entityListMachine, amenityFixtures.list.ready);
  return (
    <AmenitiesView
      listRef={listRef}
      filters={[]}
      can={{ create: true, delete: true, book: true }}
      onAdd={noop}
      onOpen={noop}
      onBook={noop}
    />
  );
}

function FormFrame({ state }: { state: FormState }) {
  const formRef = useFrozenActor(entityFormMachine, amenityFixtures.form[state]);
  return (
    <AmenityFormView
      formRef={formRef}
      groups={frozenPicker(describeGroup)}
      accessRules={frozenPicker(describeAccessRule)}
      onCancel={noop}
    />
  );
}

function ReservationsFrame() {
  const listRef = useFrozenActor(entityListMachine, amenityFixtures.reservations.ready);
  return (
    <ReservationsView listRef={listRef} filters={[]} can={{ create: true, delete: true }} onAdd={noop} onOpen={noop} />
  );
}

/** The booking page over a frozen `amenityReservation` actor (the Machines section shows one story per state). */
export function ReservationFlowStory({ state = 'choosing' }: { state?: FlowState }) {
  const ref = useFrozenActor(amenityReservationMachine, amenityReservationFixtures[state]);
  return (
    <div className="p-6">
      <ReservationView
        key={state}
        reservationRef={ref}
        amenities={frozenPicker(describeAmenity)}
        users={frozenPicker(describeUser)}
        today="2030-03-04"
        onBack={noop}
        onOpen={noop}
      />
    </div>
  );
}

/** The amenity and reservation pages over frozen actors. */
function AmenitiesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form' | 'reservations' | 'flow', string];
  if (kind === 'flow') return <ReservationFlowStory key={view} state={state as FlowState} />;
  return (
    <div className="p-6">
      {kind === 'list' ? <ListFrame /> : null}
      {kind === 'form' ? <FormFrame key={view} state={state as FormState} /> : null}
      {kind === 'reservations' ? <ReservationsFrame /> : null}
    </div>
  );
}

const meta = {
  title: 'Amenities/Amenities',
  component: AmenitiesStory,
  parameters: { gatehouse: { route: { path: '/amenities/*', entry: '/amenities' } } },
  // The booking frame is exported for the Machines section, not a story of its own.
  excludeStories: ['ReservationFlowStory'],
} satisfies Meta<typeof AmenitiesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Gym')).toBeInTheDocument();
    await expect(
      canvas.getByText('Mon–Fri 06:00–12:00; Mon–Fri 16:00–22:00; Sat, Sun 08:00–20:00'),
    ).toBeInTheDocument();
    await expect(canvas.getByText('1–12 persons')).toBeInTheDocument();
  },
};
export const NewAmenity: Story = {
  args: { view: 'form:creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Add time slot' })).toBeEnabled();
    await expect(canvas.getByLabelText('Places per slot')).toHaveValue('500');
  },
};
export const EditAmenity: Story = {
  args: { view: 'form:editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sat 08:00–20:00' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: /^Mon / })).toHaveLength(2);
  },
};
export const OverlappingSlots: Story = {
  args: { view: 'form:overlapping' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Tue 11:00–13:00' })).toBeInTheDocument();
  },
};
export const Reservations: Story = {
  args: { view: 'reservations:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('In use')).toBeInTheDocument();
    await expect(canvas.getByText('Cancelled')).toBeInTheDocument();
    await expect(canvas.getAllByText('08:00–09:00').length).toBeGreaterThan(0);
  },
};
export const RefusedBooking: Story = {
  args: { view: 'flow:choosingRefused' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'The date or time must be in the future',
    );
  },
};
export const ConflictBooking: Story = {
  args: { view: 'flow:choosingAfterConflict' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Someone has just taken places you chose');
    await expect(canvas.getByRole('button', { name: '10:00–11:00, Full' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Book' })).toBeDisabled();
  },
};
export const EditBooking: Story = {
  args: { view: 'flow:editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Its own two places count as free: 08:00 has 2 of 5 booked, both its own.
    await expect(await canvas.findByRole('button', { name: '08:00–09:00, 5 places left' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Cancel reservation' })).toBeEnabled();
  },
};
