// How sources and results read on the page, in the current language.
import type { HistoryEvent } from '#schemas/history.ts';
import { useMessages } from '#lib/i18n.tsx';
import { historyMessages } from './messages.ts';

export function useHistoryLabels() {
  const t = useMessages(historyMessages);
  const source: Record<HistoryEvent['source'], string> = {
    form: t.sourceForm,
    import: t.sourceImport,
    bulk: t.sourceBulk,
    copy: t.sourceCopy,
    unknown: t.sourceUnknown,
  };
  const result: Record<HistoryEvent['result'], string> = {
    added: t.resultAdded,
    already_member: t.resultAlready,
    failed: t.resultFailed,
  };
  return { source, result };
}
