import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { IntegrationFormView } from './IntegrationFormView';
import { IntegrationsTabView } from './IntegrationsTab';
import { integrationFixtures } from './integration.fixtures';

const noop = () => {};

function ListFrame() {
  const listRef = useFrozenActor(entityListMachine, integrationFixtures.list.ready);
  return (
    <div className="p-6">
      <IntegrationsTabView listRef={listRef} onAdd={noop} onOpen={noop} />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof integrationFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, integrationFixtures.form[state]);
  return (
    <div className="p-6">
      <IntegrationFormView formRef={formRef} groups={frozenPicker(describeGroup)} onCancel={noop} />
    </div>
  );
}

/** The video platforms tab and the integration page over frozen actors. */
function IntegrationsStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof integrationFixtures.form} />
  );
}

const meta = {
  title: 'Settings/Video platform integrations',
  component: IntegrationsStory,
  parameters: { gatehouse: { route: { path: '/integration/*', entry: '/integration/add' } } },
} satisfies Meta<typeof IntegrationsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SettingsTab: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Riverside VMS' })).toBeVisible();
    await expect(canvas.getByText('Building A')).toBeVisible();
    await expect(canvas.getByText('Project')).toBeVisible();
  },
};
export const NewIntegration: Story = {
  args: { view: 'form:creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Server address/)).toHaveValue('');
    await expect(canvas.getByRole('group', { name: 'Group' })).toBeVisible();
  },
};
export const EditIntegration: Story = {
  args: { view: 'form:editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('riverside-vms.pem')).toBeVisible();
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Leave it as it is to keep the stored password.',
    );
    await expect(canvas.getByText('The whole project')).toBeVisible();
  },
};
export const ServerUsedAlready: Story = {
  args: { view: 'form:urlTaken' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Server address/)).toHaveAccessibleDescription('Value must be unique');
  },
};
