import { defineMessages } from '#lib/i18n.tsx';

export const jobsPageMessages = defineMessages({
  en: {
    title: 'Jobs',
    intro:
      'Imports, additions to another group, copies and exports run on the dashboard server: they go on when you close the page. Each is kept 7 days after it ends, with its results.',
    tableLabel: 'Jobs',
    columnKind: 'Kind',
    columnGroup: 'Group',
    columnStartedBy: 'Started by',
    columnState: 'State',
    columnProgress: 'Progress',
    columnStarted: 'Started',
    severalGroups: 'Several groups',
    unnamed: 'No name given',
    progress: '{done} of {total}',
    empty: 'No job yet. Imports, additions to another group, copies and exports started on this server show here.',
    checkingServer: 'Checking for the dashboard server…',
    needsServerTitle: 'Jobs need the dashboard server',
    needsServerBody:
      'On this host the dashboard runs alone, in your browser: imports and exports run in the page, which must stay open. Start the dashboard with npm start to run them as jobs.',
    allJobs: 'All jobs',
    startedBy: 'Started by {who} on {date}.',
    startedOn: 'Started on {date}.',
    copyFrom: 'The members of {group}{subgroups}.',
    withSubgroups: ' and of its subgroups',
    openGroup: 'Open the group',
  },
  fr: {
    title: 'Tâches',
    intro:
      "Les imports, les ajouts à un autre groupe, les copies et les exports s'exécutent sur le serveur du tableau de bord : ils continuent quand vous fermez la page. Chacun est conservé 7 jours après sa fin, avec ses résultats.",
    tableLabel: 'Tâches',
    columnKind: 'Type',
    columnGroup: 'Groupe',
    columnStartedBy: 'Lancée par',
    columnState: 'État',
    columnProgress: 'Progression',
    columnStarted: 'Lancée le',
    severalGroups: 'Plusieurs groupes',
    unnamed: 'Aucun nom indiqué',
    progress: '{done} sur {total}',
    empty:
      "Aucune tâche pour l'instant. Les imports, ajouts à un autre groupe, copies et exports lancés sur ce serveur s'affichent ici.",
    checkingServer: 'Recherche du serveur du tableau de bord…',
    needsServerTitle: 'Les tâches nécessitent le serveur du tableau de bord',
    needsServerBody:
      "Sur cet hébergement, le tableau de bord fonctionne seul, dans votre navigateur : imports et exports s'exécutent dans la page, qui doit rester ouverte. Lancez le tableau de bord avec npm start pour en faire des tâches.",
    allJobs: 'Toutes les tâches',
    startedBy: 'Lancée par {who} le {date}.',
    startedOn: 'Lancée le {date}.',
    copyFrom: 'Les membres de {group}{subgroups}.',
    withSubgroups: ' et de ses sous-groupes',
    openGroup: 'Ouvrir le groupe',
  },
});
