import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { identifierImportFixtures } from '../../machines/identifier-import/identifier-import.fixtures';
import { identifierImportMachine } from '../../machines/identifier-import/identifier-import.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { IdentifierImportDialog } from './IdentifierImportDialog';

/** The identifier import dialog over a frozen `identifierImport` actor in each fixture state. */
function ImportStory({ state }: { state: keyof typeof identifierImportFixtures }) {
  const actor = useFrozenActor(identifierImportMachine, identifierImportFixtures[state]);
  return <IdentifierImportDialog key={state} actor={actor} onClose={() => {}} />;
}

const meta = {
  title: 'Identifiers/Import',
  component: ImportStory,
  argTypes: { state: { control: 'select', options: Object.keys(identifierImportFixtures) } },
} satisfies Meta<typeof ImportStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {
  args: { state: 'choosing' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('button', { name: 'Check the file' })).toBeDisabled();
  },
};
export const Chosen: Story = {
  args: { state: 'chosen' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('button', { name: 'Check the file' })).toBeEnabled();
  },
};
export const FailedCheck: Story = {
  args: { state: 'failedCheck' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('alert')).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
export const Checking: Story = { args: { state: 'checking' } };
export const Duplicates: Story = {
  args: { state: 'duplicates' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('2 rows of 12 have values that are already used:')).toBeInTheDocument();
    await expect(page.getByRole('combobox', { name: 'Action for row 6' })).toHaveValue('replace');
    await expect(page.getByRole('combobox', { name: 'Action for row 3' })).toHaveValue('skip');
  },
};
export const FailedContinue: Story = {
  args: { state: 'failedContinue' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
export const Continuing: Story = { args: { state: 'continuing' } };
export const Report: Story = {
  args: { state: 'report' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('2 rows were refused:')).toBeInTheDocument();
    await expect(page.getByText(/Must be a number or HEX code/)).toBeInTheDocument();
  },
};
export const ReportClean: Story = {
  args: { state: 'reportClean' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByText('Every row was imported.')).toBeInTheDocument();
  },
};
