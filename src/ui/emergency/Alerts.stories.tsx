import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
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
      <AlertFormView formRef={formRef} pickers={pickers} canPlay onCancel={noop} onCommand={noop} />
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

export const List: Story = { args: { view: 'list:ready' } };
export const NewAlert: Story = { args: { view: 'form:creating' } };
export const WithErrors: Story = { args: { view: 'form:withErrors' } };
export const NotPlayed: Story = { args: { view: 'form:idle' } };
export const Playing: Story = { args: { view: 'form:playing' } };
