import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { frozenPicker } from '../entities/story-support';
import { describeGroup } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AlertFormView } from './AlertFormView';
import { alertFixtures } from './alert.fixtures';
import { alertColumns } from './alert-columns';

const noop = () => {};
const pickers = {
  groups: frozenPicker(describeGroup),
  devices: frozenPicker((row) => ({ primary: String(row.name) })),
};

function ListFrame() {
  const { t, i18n } = useTranslation(['emergency', 'lists']);
  const listRef = useFrozenActor(entityListMachine, alertFixtures.list.ready);
  return (
    <div className="p-6">
      <EntityListView
        listRef={listRef}
        title={t('emergency:title')}
        columns={alertColumns(t, i18n.language)}
        searchLabel={t('emergency:search')}
        rowLabel={(row) => String(row.name)}
        entityLabel={(count) => t('emergency:count', { count })}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof alertFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, alertFixtures.form[state]);
  return (
    <div className="p-6">
      <AlertFormView
        formRef={formRef}
        pickers={pickers}
        commands={{ start: true, stop: true }}
        onCancel={noop}
        onCommand={noop}
      />
    </div>
  );
}

/** The emergency alerts list and form over frozen actors. */
function AlertsStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof alertFixtures.form} />
  );
}

const meta = {
  title: 'Emergency/Alerts',
  component: AlertsStory,
  parameters: { gatehouse: { route: { path: '/emergency-alerts/*', entry: '/emergency-alerts' } } },
} satisfies Meta<typeof AlertsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const row = (await within(canvasElement).findByText('Fire evacuation')).closest('tr') as HTMLElement;
    await expect(within(row).getByText('Playing')).toBeInTheDocument();
    await expect(within(row).getByText('120 s')).toBeInTheDocument();
  },
};
/** The defaults of section 9. */
export const NewAlert: Story = {
  args: { view: 'form:creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Device type' })).toHaveValue('monitor');
    await expect(canvas.getByLabelText('Playback duration, seconds')).toHaveValue('60');
  },
};
/** The recipients rule. */
export const WithErrors: Story = {
  args: { view: 'form:withErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Choose at least one recipient')).toBeInTheDocument();
    await expect(canvas.getByText('A siren will be generated on save.')).toBeInTheDocument();
  },
};
export const NotPlayed: Story = { args: { view: 'form:idle' } };
export const Playing: Story = {
  args: { view: 'form:playing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = await canvas.findByRole('region', { name: 'State' });
    await expect(within(state).getByRole('button', { name: 'Stop the alert' })).toBeInTheDocument();
    await expect(canvas.getByText('Stored audio')).toBeInTheDocument();
  },
};
