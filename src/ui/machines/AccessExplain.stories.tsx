import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { accessExplainFixtures } from '../../machines/access-explain/access-explain.fixtures';
import { accessExplainMachine } from '../../machines/access-explain/access-explain.machine';
import { AccessExplainPanel } from '../access-explain/AccessExplainPanel';
import { showing } from '../storybook/machine-stories';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The device page's "Who can open this door?" over a frozen `accessExplain` actor. */
function AccessExplainStory({ state = 'choosing' }: { state?: keyof typeof accessExplainFixtures }) {
  const ref = useFrozenActor(accessExplainMachine, accessExplainFixtures[state]);
  return (
    <div className="max-w-4xl p-6">
      <AccessExplainPanel explainRef={ref} mode="door" locks={2} />
    </div>
  );
}

/** Every state of the `accessExplain` machine: choosing, asking, answered (a what-if), failed. */
const meta = {
  title: 'Machines/Access explain',
  component: AccessExplainStory,
  parameters: { machine: 'access-explain' },
} satisfies Meta<typeof AccessExplainStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Who can open this door?' })).toBeInTheDocument();
    // Nobody chosen yet: nothing to check.
    await expect(page.getByRole('button', { name: 'Check' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Choose a person' })).toBeEnabled();
  },
};

export const Asking: Story = {
  name: 'asking',
  ...showing('asking'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Checking…')).toBeInTheDocument();
    await expect(page.getByText('Rita Resident')).toBeInTheDocument();
  },
};

export const Answered: Story = {
  name: 'answered',
  ...showing('answered'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('May not pass')).toBeInTheDocument();
    await expect(page.getByText(/the rules that cover this door are not in force at that time/)).toBeInTheDocument();
    // The chain in words, each rule and schedule linked.
    await expect(page.getByRole('link', { name: 'Residents of Building A' })).toHaveAttribute(
      'href',
      '/access-rules/4/edit',
    );
    await expect(page.getByRole('link', { name: 'Working hours' })).toHaveAttribute('href', '/schedules/9/edit');
    // The what-if: the answer before the change.
    await expect(page.getByText(/^Before: may pass at/)).toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('alert')).toHaveTextContent('The check failed');
  },
};
