// "Forget this person" (data protection): removes the directory's record of a user, after a
// confirmation. This session forgets them too (names, recently viewed, the loaded profile), so
// the page shows "User 12" again; the portal's account is not touched.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { directoryQueries, forgetPerson, isDirectoryListing } from '#api/directory.ts';
import { isApiError } from '#api/errors.ts';
import { forgetKnownUser } from '#api/known-users.ts';
import { userSchema } from '#schemas/user.ts';
import { userQueries } from '#api/users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { directoryMessages } from './messages.ts';
import { removeRecentUser, useRecentUsersScope } from './recent-users.ts';

export function ForgetPerson({ userId, onForgotten }: { userId: number; onForgotten: () => void }) {
  const t = useMessages(directoryMessages);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const recentScope = useRecentUsersScope();
  const forget = useMutation({
    mutationFn: async () => {
      try {
        await forgetPerson(userId);
      } catch (error) {
        // Someone else forgot them already: what was asked for is true.
        if (!(isApiError(error) && error.isNotFound)) throw error;
      }
    },
    onSuccess: () => {
      forgetLocally(queryClient, userId);
      if (recentScope) removeRecentUser(recentScope, userId);
      dialog.current?.close();
      onForgotten();
    },
  });

  return (
    <>
      <Button
        onClick={() => {
          forget.reset();
          dialog.current?.showModal();
        }}
      >
        {t.forget}
      </Button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`}>{t.forgetTitle}</h2>
        <p id={`${id}-body`}>{t.forgetBody}</p>
        {forget.isError && <ApiErrorNotice error={forget.error} onRetry={() => forget.mutate()} />}
        <div className="dialog-footer">
          <Button onClick={() => dialog.current?.close()}>{t.forgetCancel}</Button>
          <Button
            kind="primary"
            onClick={() => !forget.isPending && forget.mutate()}
            aria-disabled={forget.isPending || undefined}
          >
            {forget.isPending ? t.forgetting : t.forgetConfirm}
          </Button>
        </div>
      </dialog>
    </>
  );
}

/**
 * Everything this tab holds that names them. The name goes first: the profile's lookup then has
 * no identifier left to ask with, and removing it does not start it again (which would teach the
 * directory the person once more).
 */
function forgetLocally(queryClient: QueryClient, userId: number): void {
  queryClient.setQueryData(directoryQueries.name(userId).queryKey, null);
  forgetKnownUser(userId);
  queryClient.removeQueries({
    queryKey: [...userQueries.all(), 'identifier'],
    predicate: (query) => userSchema.safeParse(query.state.data).data?.user_id === userId,
  });
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => isDirectoryListing(queryKey),
  });
}
