// The data table's strings, apart from messages.ts: the first page (login) shows no table, and a
// messages module goes whole into the chunk of its first user.
import { defineMessages } from '#lib/i18n.tsx';

export const dataTableMessages = defineMessages({
  en: {
    tableLoadFailed: '“{label}” could not be loaded.',
    sortedWithinPage: 'Sorted within this page: the other pages are not included.',
    empty: 'Nothing to show.',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    firstPage: 'First page',
    lastPage: 'Last page',
    pageOf: 'Page {page} of {pages}',
    rowsRange: '{from}–{to} of {total}',
    pageSize: 'Rows per page',
    pagination: 'Pagination',
  },
  fr: {
    tableLoadFailed: 'Impossible de charger « {label} ».',
    sortedWithinPage: 'Trié dans cette page : les autres pages ne sont pas incluses.',
    empty: 'Rien à afficher.',
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    firstPage: 'Première page',
    lastPage: 'Dernière page',
    pageOf: 'Page {page} sur {pages}',
    rowsRange: '{from}–{to} sur {total}',
    pageSize: 'Lignes par page',
    pagination: 'Pagination',
  },
});
