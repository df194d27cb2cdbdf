// "Download CSV": the whole filtered history from the server, fetched with the token in its
// header and saved from memory (a link with the token in it would leak it to logs and history).
import { useMutation } from '@tanstack/react-query';
import { fetchHistoryCsv } from '#api/history.ts';
import type { HistoryFilter } from '#schemas/history.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { downloadText } from '#lib/download.ts';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import { historyMessages } from './messages.ts';

export function DownloadCsvButton({ filter }: { filter: HistoryFilter }) {
  const t = useMessages(historyMessages);
  const { locale } = useLocale();
  const download = useMutation({
    // In the page's language: French gets `;` (what French Excel expects) and French headers.
    mutationFn: () => fetchHistoryCsv(filter, locale),
    onSuccess: (csv) => downloadText(`history-${new Date().toISOString().slice(0, 10)}.csv`, csv),
  });
  return (
    <>
      <Button
        aria-disabled={download.isPending || undefined}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        {download.isPending ? t.downloading : t.download}
      </Button>
      {download.isError && <ApiErrorNotice error={download.error} onRetry={() => download.mutate()} />}
    </>
  );
}
