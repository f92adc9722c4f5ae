import type { StorybookConfig } from '@storybook/react-vite';

/** Stories live next to their components; the default react-docgen documents props. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  core: { disableTelemetry: true },
};

export default config;
