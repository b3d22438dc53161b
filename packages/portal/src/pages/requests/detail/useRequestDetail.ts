import type {
  RequestActionName,
  RequestAttachment,
  RequestDetail,
  UpdateRequestBody,
} from '@client-portal/api-client/requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestKeys, useRequestMutation, useRequestsApi } from '../useRequestsApi.js';

// The request page's own calls, on top of the requests pages' data layer (../useRequestsApi.ts).
// Every change of the request itself sends the version it was made on (If-Match): a stale one is
// answered 412 and the page says so instead of overwriting someone else's change.

/** The request's full history (company admin and staff), loaded when the disclosure opens. */
export function useRequestHistory(key: string, enabled: boolean) {
  const { api, company, ready } = useRequestsApi();
  return useQuery({
    queryKey: [...requestKeys.detail(company, key), 'history'] as const,
    queryFn: ({ signal }) => api.history(key, { signal }),
    enabled: ready && enabled,
  });
}

export interface ActionVariables {
  version: number;
  action: RequestActionName;
  comment?: string | undefined;
}

/** A status action (cancel, answer, approve… staff: triage … close), with If-Match. */
export const useRequestAction = (key: string) =>
  useRequestMutation((api, v: ActionVariables) => api.act(key, v.version, v.action, v.comment || undefined));

/** Assignee, priority, due date, next check-in, visibility, with If-Match. */
export const useRequestUpdate = (key: string) =>
  useRequestMutation((api, v: { version: number; body: UpdateRequestBody }) =>
    api.update(key, v.version, v.body),
  );

/** A public comment or (staff) an internal note. */
export const useRequestComment = (key: string) =>
  useRequestMutation((api, v: { body: string; internal: boolean }) => api.comment(key, v.body, v.internal));

/** Adds or removes a colleague. */
export const useRequestParticipant = (key: string) =>
  useRequestMutation((api, v: { userId: string; remove: boolean }) =>
    api.participant(key, v.userId, v.remove),
  );

/** Saves an attachment to the company's documents (document requests). */
export const useSaveAttachment = (key: string) =>
  useRequestMutation((api, attachmentId: string) => api.saveAttachment(key, attachmentId));

/**
 * Uploads one file (or a newer version of `replaces`). The answer is the stored attachment, so the
 * cached request gains it at once (its list, its timeline) before the request is asked again.
 */
export function useUploadAttachment(key: string) {
  const queryClient = useQueryClient();
  const { api, company } = useRequestsApi();
  return useMutation({
    mutationFn: (v: { file: File; replaces?: string | undefined }) => api.attach(key, [v.file], v.replaces),
    onSuccess: ({ attachments }, v) => {
      queryClient.setQueryData(requestKeys.detail(company, key), (detail: RequestDetail | undefined) =>
        detail ? withAttachments(detail, attachments, v.replaces) : detail,
      );
      void queryClient.invalidateQueries({ queryKey: requestKeys.detail(company, key), exact: true });
      void queryClient.invalidateQueries({ queryKey: requestKeys.lists(company) });
    },
  });
}

/** The request with new files in its list (a newer version in place of the one it replaces) and timeline. */
export function withAttachments(
  detail: RequestDetail,
  added: readonly RequestAttachment[],
  replaces?: string,
): RequestDetail {
  const ids = new Set(added.map((a) => a.id));
  const attachments = [...detail.attachments.filter((a) => a.id !== replaces && !ids.has(a.id)), ...added];
  const known = new Set(detail.timeline.map((e) => e.id));
  const entries = added
    .map((attachment) => ({
      kind: 'attachment' as const,
      id: `${attachment.id}-t`,
      at: attachment.createdAt,
      actor: attachment.uploadedBy,
      attachment,
    }))
    .filter((e) => !known.has(e.id));
  return {
    ...detail,
    attachments,
    attachmentCount: attachments.length,
    timeline: [...detail.timeline, ...entries],
  };
}

/** A short-lived link to an attachment (download, and a preview for images and PDF). */
export function useAttachmentLink(key: string) {
  const { api } = useRequestsApi();
  return useMutation({ mutationFn: (attachmentId: string) => api.attachmentLink(key, attachmentId) });
}

/** The request as cached, and a way to ask for it again (the 412 "Reload"). */
export function useRefetchRequest(key: string) {
  const queryClient = useQueryClient();
  const { company } = useRequestsApi();
  return () => queryClient.refetchQueries({ queryKey: requestKeys.detail(company, key), exact: true });
}
