// The standalone portal (dist/standalone): the whole viewport is the portal, with path routing
// under the base path the host serves it at.
// Its runtime configuration (sign-in mode, PostHog, locale, links) comes from the host, which
// writes it into index.html; see runtimeConfig.ts.
import '@client-portal/portal/styles.css';
import './standalone.css';
import { ClientPortal } from '@client-portal/portal';
import { directionOf } from '@client-portal/ui';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  INITIAL_ANSWERS_ID,
  parseInitialAnswers,
  parseRuntimeConfig,
  RUNTIME_CONFIG_ID,
} from './runtimeConfig.js';

const config = parseRuntimeConfig(document.getElementById(RUNTIME_CONFIG_ID)?.textContent);
// The answers of this page's first calls, which the host wrote into it for the signed-in visitor.
const answersBlock = document.getElementById(INITIAL_ANSWERS_ID);
const initialAnswers = parseInitialAnswers(answersBlock?.textContent);
// Read once: the page keeps no copy of them in its document.
answersBlock?.remove();
// This page belongs to the portal: its language and direction are the portal's.
document.documentElement.lang = config.locale;
document.documentElement.dir = directionOf(config.locale);

const container = document.getElementById('root');
if (!container) throw new Error('client portal: #root is missing from index.html');

// A transition: React renders the first screen in slices of a few milliseconds, leaving the main
// thread free between them (no long task while a slow phone renders the frame and the page).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <ClientPortal
      routing={{ mode: 'path', basePath: config.basePath }}
      signInMode={config.signInMode}
      locale={config.locale}
      initialAnswers={initialAnswers}
      {...(config.posthog ? { posthog: config.posthog } : {})}
      {...(config.links ? { links: config.links } : {})}
      {...(config.brand ? { brand: config.brand } : {})}
      {...(config.homeLifecycleStage ? { homeLifecycleStage: config.homeLifecycleStage } : {})}
      {...(config.demo ? { demoSignIns: config.demo } : {})}
    />,
  ),
);
