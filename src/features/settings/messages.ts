import { defineMessages } from '#lib/i18n.tsx';

export const settingsMessages = defineMessages({
  en: {
    title: 'Settings',
    intro: 'What the dashboard server keeps for your organisation, for every administrator.',
    loading: 'Loading the settings…',
    loadFailed: 'The settings could not be loaded.',
    needsServer: 'Settings are kept by the dashboard server (npm start); this copy of the dashboard has none.',
    organisationName: 'Organisation name',
    organisationNameHint:
      "Shown in the header instead of the organisation's number. Leave empty for none. At most 100 characters.",
    organisationNameInvalid: 'At most 100 characters, on one line.',
    refreshHours: 'Directory refresh (hours)',
    refreshHoursHint:
      'People last looked up longer ago are looked up again in the background. From 1 to 720; the server default is {hours}.',
    refreshHoursInvalid: 'A whole number of hours from 1 to 720.',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Settings saved.',
    saveFailed: 'The settings were not saved.',
    adminsOnly: 'Only an administrator can change these settings.',
  },
  fr: {
    title: 'Paramètres',
    intro: 'Ce que le serveur du tableau de bord garde pour votre organisation, pour tous les administrateurs.',
    loading: 'Chargement des paramètres…',
    loadFailed: "Les paramètres n'ont pas pu être chargés.",
    needsServer:
      "Les paramètres sont gardés par le serveur du tableau de bord (npm start) ; cette copie du tableau de bord n'en a pas.",
    organisationName: "Nom de l'organisation",
    organisationNameHint:
      "Affiché dans l'en-tête à la place du numéro de l'organisation. Laissez vide pour aucun. 100 caractères au plus.",
    organisationNameInvalid: '100 caractères au plus, sur une seule ligne.',
    refreshHours: 'Actualisation de l’annuaire (heures)',
    refreshHoursHint:
      'Les personnes recherchées il y a plus longtemps sont recherchées à nouveau en arrière-plan. De 1 à 720 ; la valeur par défaut du serveur est {hours}.',
    refreshHoursInvalid: "Un nombre entier d'heures de 1 à 720.",
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    saved: 'Paramètres enregistrés.',
    saveFailed: "Les paramètres n'ont pas été enregistrés.",
    adminsOnly: 'Seul un administrateur peut modifier ces paramètres.',
  },
});
