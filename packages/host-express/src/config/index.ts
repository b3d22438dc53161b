export type { SigningKey } from './env-values.js';
export type {
  HostConfig,
  JiraSettings,
  LogLevel,
  OidcSettings,
  RequestsSettings,
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
export {
  DEFAULT_REQUEST_FILE_MAX_MB,
  DEFAULT_REQUEST_FILES_MAX_MB,
  DEFAULT_REQUEST_SCHEDULE,
} from './host-config.js';
export type { ConfigVariable, LoadConfigOptions } from './load-config.js';
