import type { Decorator } from '@storybook/react-vite';
import { PortalDataProvider } from '../../data/PortalData.js';
import { PortalProviders } from '../../stories-support/PortalProviders.js';

/**
 * A panel's stories render it alone, inside the preview's themed root (light or dark, the story's
 * direction and width), with the portal's messages and a query cache of its own talking to the
 * contract's mock API — the same data layer as in <ClientPortal>, without the frame.
 */
export const withPortalData: Decorator = (Story, { parameters, globals }) => {
  const pick = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const locale =
    pick(globals.locale) ?? pick(parameters.locale) ?? (pick(parameters.dir) === 'rtl' ? 'ar' : 'en');
  return (
    <PortalProviders locale={locale}>
      <PortalDataProvider homeLifecycleStage="story">
        <Story />
      </PortalDataProvider>
    </PortalProviders>
  );
};
