import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { frozenPicker } from '../entities/story-support';
import { describeGroup, describeUser } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AnnounceFormView } from './AnnounceFormView';
import { AnnouncesView } from './AnnouncesView';
import { announceFixtures } from './announce.fixtures';
import { responseColumns } from './response-columns';

const noop = () => {};
const pickers = { users: frozenPicker(describeUser), groups: frozenPicker(describeGroup) };

function ListFrame({ state }: { state: keyof typeof announceFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, announceFixtures.list[state]);
  return (
    <div className="p-6">
      <AnnouncesView
        listRef={listRef}
        filters={[]}
        can={{ create: true, delete: true, start: true, stop: true }}
        onAdd={noop}
        onOpen={noop}
        onCommand={noop}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof announceFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, announceFixtures.form[state]);
  return (
    <div className="p-6">
      <AnnounceFormView
        formRef={formRef}
        pickers={pickers}
        commands={{ start: true, stop: true }}
        onCancel={noop}
        onCommand={noop}
        onResponses={noop}
      />
    </div>
  );
}

function ResponsesFrame() {
  const { t, i18n } = useTranslation(['announces', 'lists']);
  const listRef = useFrozenActor(entityListMachine, announceFixtures.responses.ready);
  return (
    <div className="p-6">
      <EntityListView
        listRef={listRef}
        title={t('announces:responses.title')}
        columns={responseColumns(t, i18n.language)}
        searchLabel={t('announces:responses.search')}
        rowLabel={(row) => String(row.id)}
        entityLabel={(count) => t('announces:responses.count', { count })}
        canExport
      />
    </div>
  );
}

/** The announces list, form and responses over frozen actors. */
function AnnouncesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form' | 'responses', string];
  if (kind === 'list') return <ListFrame key={view} state={state as keyof typeof announceFixtures.list} />;
  if (kind === 'form') return <FormFrame key={view} state={state as keyof typeof announceFixtures.form} />;
  return <ResponsesFrame key={view} />;
}

const meta = {
  title: 'Announces/Announces',
  component: AnnouncesStory,
  parameters: { gatehouse: { route: { path: '/announces/*', entry: '/announces' } } },
} satisfies Meta<typeof AnnouncesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Status, schedule, counts and row commands. */
export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const started = (await canvas.findByText('Hall paint')).closest('tr') as HTMLElement;
    await expect(within(started).getByText('Started')).toBeInTheDocument();
    await expect(within(started).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    const scheduled = canvas.getByText('Water').closest('tr') as HTMLElement;
    await expect(within(scheduled).getByText(/^Starts /)).toBeInTheDocument();
    await expect(within(scheduled).getByRole('button', { name: 'Start now' })).toBeInTheDocument();
  },
};
export const EmptyList: Story = { args: { view: 'list:empty' } };
/** Information by e-mail by default (section 9), no poll answers. */
export const NewAnnounce: Story = {
  args: { view: 'form:creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Type' })).toHaveValue('info');
    await expect(canvas.queryByRole('group', { name: 'Answers to choose from' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Send by' })).toHaveValue('email');
  },
};
/** Recipients and poll answers (section 5). */
export const PollWithErrors: Story = {
  args: { view: 'form:pollWithErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Choose at least one recipient')).toBeInTheDocument();
    await expect(canvas.getByText('Needs answers or a custom response')).toBeInTheDocument();
    await expect(canvas.getByText('No answers yet.')).toBeInTheDocument();
  },
};
export const Scheduled: Story = { args: { view: 'form:scheduled' } };
/** Read-only, with its state and stop. */
export const Started: Story = {
  args: { view: 'form:started' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('A started announcement can no longer be changed.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    const state = canvas.getByRole('region', { name: 'State' });
    await expect(within(state).getByText('42')).toBeInTheDocument();
    await expect(within(state).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  },
};
export const Responses: Story = { args: { view: 'responses:ready' } };
