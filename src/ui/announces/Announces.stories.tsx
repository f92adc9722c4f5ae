import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
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
        can={{ create: true, delete: true, send: true }}
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
        canSend
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

export const List: Story = { args: { view: 'list:ready' } };
export const EmptyList: Story = { args: { view: 'list:empty' } };
export const NewAnnounce: Story = { args: { view: 'form:creating' } };
export const PollWithErrors: Story = { args: { view: 'form:pollWithErrors' } };
export const Scheduled: Story = { args: { view: 'form:scheduled' } };
export const Started: Story = { args: { view: 'form:started' } };
export const Responses: Story = { args: { view: 'responses:ready' } };
