export type { SigningKey } from './env-values.js';
export type {
  HostConfig,
  JiraSettings,
  LogLevel,
  OidcSettings,
  S3Settings,
  StoreConfig,
} from './host-config.js';
export {
  CONFIG_VARIABLES,
  ConfigError,
  DEFAULT_HOME_LIFECYCLE_STAGE,
  DEFAULT_INCIDENT_JQL,
  DEFAULT_SYNC_SCHEDULE,
  loadConfig,
} from './load-config.js';
export type { ConfigVariable, LoadConfigOptions } from './load-config.js';
