import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { licenceAddFixtures } from '../../machines/licence-add/licence-add.fixtures';
import { licenceAddMachine } from '../../machines/licence-add/licence-add.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { LicenceAddDialog } from './LicenceAddDialog';

/** The add-licences dialog over a frozen `licenceAdd` actor in each fixture state. */
function AddStory({ state }: { state: keyof typeof licenceAddFixtures }) {
  const actor = useFrozenActor(licenceAddMachine, licenceAddFixtures[state]);
  return <LicenceAddDialog key={state} actor={actor} serverOffered onClose={() => {}} />;
}

const meta = {
  title: 'Licences/Add',
  component: AddStory,
  argTypes: { state: { control: 'select', options: Object.keys(licenceAddFixtures) } },
} satisfies Meta<typeof AddStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Add licences' });

export const Choosing: Story = {
  args: { state: 'choosing' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('radio', { name: 'A licence file' })).toBeChecked();
    await expect(within(d).getByRole('button', { name: 'Check' })).toBeDisabled();
  },
};
export const Chosen: Story = {
  args: { state: 'chosen' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByText('harbour-office.lic')).toBeInTheDocument();
    await expect(within(d).getByRole('button', { name: 'Check' })).toBeEnabled();
  },
};
export const FromServer: Story = {
  args: { state: 'fromServer' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('textbox', { name: 'Licence key' })).toHaveValue('HARBOUR-KEY-1');
  },
};
export const FailedCheck: Story = {
  args: { state: 'failedCheck' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent('signature is wrong');
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
export const Checking: Story = {
  args: { state: 'checking' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: 'Checking the licences…' })).toBeInTheDocument();
  },
};
export const Preview: Story = {
  args: { state: 'preview' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByText('HARBOUR-2025-PLUS')).toBeInTheDocument();
    await expect(within(d).getByRole('list', { name: 'Features after adding' })).toHaveTextContent('Elevatorsnew');
    await expect(within(d).getByRole('button', { name: 'Add licences' })).toBeEnabled();
  },
};
export const Applying: Story = {
  args: { state: 'applying' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: 'Adding the licences…' })).toBeInTheDocument();
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent('licence server is not responding');
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(within(d).getByRole('button', { name: 'Back' })).toBeEnabled();
  },
};
export const Done: Story = {
  args: { state: 'done' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('status')).toHaveTextContent('1 licence added.');
  },
};
