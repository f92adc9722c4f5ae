import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { MarkerFormDialog } from './MarkerFormDialog';
import { MarkersView } from './MarkersView';
import { markerFixtures } from './marker.fixtures';

const can = { create: true, delete: true, export: true, apply: true };
const noop = () => {};

function ListFrame({ state }: { state: keyof typeof markerFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, markerFixtures.list[state]);
  return (
    <div className="p-6">
      <MarkersView listRef={listRef} can={can} onAdd={noop} onOpen={noop} onApply={noop} />
    </div>
  );
}

function DialogFrame({ state }: { state: keyof typeof markerFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, markerFixtures.form[state]);
  return <MarkerFormDialog formRef={formRef} onClose={noop} />;
}

/** The markers page and its dialog over frozen actors. */
function MarkersStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof markerFixtures.list} />
  ) : (
    <DialogFrame key={view} state={state as keyof typeof markerFixtures.form} />
  );
}

const meta = {
  title: 'Markers/Markers',
  component: MarkersStory,
  parameters: { gatehouse: { route: { path: '/markers', entry: '/markers' } } },
} satisfies Meta<typeof MarkersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { args: { view: 'list:ready' } };
export const EmptyList: Story = { args: { view: 'list:empty' } };
export const NewMarker: Story = { args: { view: 'form:creating' } };
export const EditMarker: Story = { args: { view: 'form:editing' } };
export const MarkerWithErrors: Story = { args: { view: 'form:withErrors' } };
