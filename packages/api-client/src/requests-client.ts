import type { ApiClient, CallOptions } from './client.js';
import { requestRoutes as routes } from './routes/requests.js';
import type {
  CreateRequestBody,
  RequestActionName,
  RequestListQuery,
  StaffQueueQuery,
  UpdateRequestBody,
} from './schemas/requests.js';

export * from './schemas/requests.js';
export { requestRoutes } from './routes/requests.js';

type Query = Record<string, string | undefined>;

function query(q: RequestListQuery | StaffQueueQuery | undefined): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(q ?? {})) {
    if (value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
}

const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/**
 * The requests tracker's calls over an ApiClient. A separate entry point
 * (`@client-portal/api-client/requests`) so the portal loads it with the requests pages, not in its
 * initial bundle.
 */
export function requestsApi(client: ApiClient) {
  return {
    getMeta: (call?: CallOptions) => client.call('requestMeta', routes.requestMeta, {}, call),
    list: (q?: RequestListQuery, call?: CallOptions) =>
      client.call('requests', routes.requests, { query: query(q) }, call),
    staffQueue: (q?: StaffQueueQuery, call?: CallOptions) =>
      client.call('staffRequestQueue', routes.staffRequestQueue, { query: query(q) }, call),
    staffQueueOptions: (call?: CallOptions) =>
      client.call('staffRequestQueueOptions', routes.staffRequestQueueOptions, {}, call),
    create: (body: CreateRequestBody, call?: CallOptions) =>
      client.call('createRequest', routes.createRequest, { body }, call),
    get: (key: string, call?: CallOptions) =>
      client.call('request', routes.request, { params: { key } }, call),
    act: (key: string, version: number, action: RequestActionName, comment?: string, call?: CallOptions) =>
      client.call(
        'requestAction',
        routes.requestAction,
        {
          params: { key },
          headers: ifMatch(version),
          body: comment === undefined ? { action } : { action, comment },
        },
        call,
      ),
    update: (key: string, version: number, body: UpdateRequestBody, call?: CallOptions) =>
      client.call(
        'updateRequest',
        routes.updateRequest,
        { params: { key }, headers: ifMatch(version), body },
        call,
      ),
    comment: (key: string, body: string, internal = false, call?: CallOptions) =>
      client.call(
        'requestComment',
        routes.requestComment,
        { params: { key }, body: internal ? { body, internal } : { body } },
        call,
      ),
    participant: (key: string, userId: string, remove = false, call?: CallOptions) =>
      client.call(
        'requestParticipant',
        routes.requestParticipant,
        { params: { key }, body: remove ? { userId, remove } : { userId } },
        call,
      ),
    history: (key: string, call?: CallOptions) =>
      client.call('requestHistory', routes.requestHistory, { params: { key } }, call),
    /** Uploads files; `replaces` names the attachment they are a newer version of. */
    attach: (key: string, files: readonly File[], replaces?: string, call?: CallOptions) => {
      const form = new FormData();
      if (replaces) form.append('replaces', replaces);
      for (const file of files) form.append('file', file, file.name);
      return client.call(
        'requestAttachments',
        routes.requestAttachments,
        { params: { key }, body: form },
        call,
      );
    },
    attachmentLink: (key: string, attachmentId: string, call?: CallOptions) =>
      client.call(
        'requestAttachmentLink',
        routes.requestAttachmentLink,
        { params: { key, attachmentId } },
        call,
      ),
    saveAttachment: (key: string, attachmentId: string, call?: CallOptions) =>
      client.call(
        'requestAttachmentSave',
        routes.requestAttachmentSave,
        { params: { key, attachmentId } },
        call,
      ),
    setDefaultVisibility: (defaultVisibility: 'participants' | 'company', call?: CallOptions) =>
      client.call('requestSettings', routes.requestSettings, { body: { defaultVisibility } }, call),
    exportUrl: (q?: RequestListQuery) => client.urlOf(routes.requestsExport, { query: query(q) }),
  };
}

export type RequestsApi = ReturnType<typeof requestsApi>;
