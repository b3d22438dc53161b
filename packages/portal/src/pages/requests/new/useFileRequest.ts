import { isRequestError } from '@client-portal/api-client';
import type { CreateRequestBody, RequestDetail } from '@client-portal/api-client/requests';
import { useCallback, useState } from 'react';
import { useCreateRequest, useInvalidateRequests, useRequestsApi } from '../useRequestsApi.js';

/** One file's upload, after the request was created. */
export interface UploadState {
  name: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** Why it failed: the host's words (e.g. the size limit of a 413), or the client's message. */
  reason?: string | undefined;
}

const reasonOf = (error: unknown) =>
  isRequestError(error)
    ? (error.detail ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Files a request, then adds the chosen colleagues and uploads the files one by one, so each has
 * its own progress and error. A failed upload or participant leaves the request created: the
 * result says which files did not make it. A failure to create rejects (a 400 carries its field
 * errors) and nothing else is sent.
 */
export function useFileRequest() {
  const { api } = useRequestsApi();
  const create = useCreateRequest();
  const invalidate = useInvalidateRequests();
  const [created, setCreated] = useState<RequestDetail | null>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);

  const file = useCallback(
    async (body: CreateRequestBody, files: readonly File[], colleagues: readonly string[]) => {
      const detail = await create.mutateAsync(body);
      setCreated(detail);
      await Promise.allSettled(colleagues.map((userId) => api.participant(detail.key, userId)));
      const states: UploadState[] = files.map((f) => ({ name: f.name, status: 'waiting' }));
      setUploads([...states]);
      for (const [i, f] of files.entries()) {
        states[i] = { name: f.name, status: 'uploading' };
        setUploads([...states]);
        try {
          await api.attach(detail.key, [f]);
          states[i] = { name: f.name, status: 'done' };
        } catch (error) {
          states[i] = { name: f.name, status: 'failed', reason: reasonOf(error) };
        }
        setUploads([...states]);
      }
      if (colleagues.length > 0 || files.length > 0) invalidate(detail.key);
      return { detail, failed: states.filter((s) => s.status === 'failed').length };
    },
    [api, create, invalidate],
  );

  return { file, created, uploads, creating: create.isPending };
}
