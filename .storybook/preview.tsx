import '../src/index.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/contract/constants';
import { type GatehouseParameters, StoryProviders } from '../src/ui/storybook/StoryProviders';

/** Every story gets i18n, frozen actors from its fixtures and a memory router. */
const withGatehouse: Decorator = (Story, context) => {
  const locale = (LANGUAGES as readonly string[]).includes(context.globals.locale)
    ? (context.globals.locale as Language)
    : DEFAULT_LANGUAGE;
  const parameters = (context.parameters.gatehouse ?? {}) as GatehouseParameters;
  return (
    <StoryProviders key={context.id} locale={locale} parameters={parameters}>
      <Story />
    </StoryProviders>
  );
};

const preview: Preview = {
  decorators: [withGatehouse],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LANGUAGE },
  parameters: { layout: 'fullscreen' },
};

export default preview;
